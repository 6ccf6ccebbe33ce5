/**
 * Shapes of the association's fixed content. Another association edits only the `content/` folder:
 * every value shown on the public pages that is not managed in the admin panel comes from here.
 */

import type { BusinessCategory } from "#app/site/business-categories.ts";

export interface Association {
  /** Full name, shown in the header logo's accessible name and the footer, e.g. "Heron Lake Association". */
  name: string;
  /** Short name for tight places (the logo text on a phone). */
  shortName: string;
  /** IANA time zone the association lives in; event windows and "today" are computed in it. */
  timeZone: string;
  /** The board's contact address, used by /contact-us (mailto and copy button). */
  contactEmail: string;
  /** The association's social media page, opened in a new tab from the header. */
  socialUrl: string;
  /** Label of the social link, e.g. "Facebook". */
  socialLabel: string;
  /** The beach whose water the association tests, as the beach status names it. */
  beachName: string;
  /** Paragraphs of the welcome text on the home page. */
  welcome: string[];
  /** The "From the President" letter on the home page. */
  president: { name: string; paragraphs: string[] };
}

export interface BoardMember {
  name: string;
  title: string;
  /** The photo's file in content/images/, imported into the image store by the demo seed. */
  photo: string;
  /** Display order, ascending. */
  order: number;
}

export interface LocalBusiness {
  name: string;
  category: BusinessCategory;
  address: string;
  phone: string;
  /** The business's web page, opened by the card's Link button. */
  link: string;
  order: number;
}

export interface BylawsArticle {
  /** e.g. "Article I" */
  number: string;
  title: string;
  /** Sections of the article, each a paragraph of plain text. */
  sections: { heading?: string; text: string }[];
}

export interface Question {
  question: string;
  /** Paragraphs of plain text. */
  answer: string[];
}

export interface LakeFact {
  label: string;
  value: string;
}

export interface Membership {
  /** Member benefits, one line each. */
  benefits: string[];
  /** Annual dues per household, in US dollars (spec §9: 10). */
  duesDollars: number;
  /** When dues are due, as shown (spec §9: "April 1"). */
  duesDate: string;
  /** How to pay, paragraphs. */
  howToPay: string[];
  /** Treasurer contact image (an imported asset) and its text alternative. */
  treasurerImage: string;
  treasurerImageAlt: string;
  /** How to reach the treasurer, as Markdown text (a name, a postal address, an email link). */
  treasurerContact: string;
}

export interface Governance {
  /** Members needed for a quorum (spec §9: 15). */
  quorum: number;
  /** Days of notice for a members' meeting (spec §9: 5). */
  noticeDays: number;
  /** Board seats (spec §9: 5). */
  boardSize: number;
  /** Board term in years (spec §9: 2). */
  termYears: number;
}
