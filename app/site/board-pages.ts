/**
 * The rules of the board's own pages (issue 28 part 3, decision 037): what an address may be, and how many pages the
 * header's main menu has room for. Pure: the data is app/site/data/board-pages.server.ts, the screen
 * app/routes/admin/custom-pages.tsx, the public page app/routes/public/more/page.tsx.
 */
import { z } from "zod";

/** Where a page's link is: the More section's navigation, or the header's main menu. */
export const PLACEMENTS = ["more", "menu"] as const;
export type Placement = (typeof PLACEMENTS)[number];

/**
 * How many of the board's pages the main menu takes, beside its four sections and the social link. Measured
 * (decision 037): at 1280 px the header's row holds the logo, the four sections, the social link and two more
 * labels of up to `MAX_MENU_LABEL` characters without wrapping; at 390 px the menu is the toggle's list, one link a
 * line, where two more lines still fit a phone's first screen.
 */
export const MAX_MENU_PAGES = 2;

/** The longest title of a page in the main menu, in characters (its link says the title). */
export const MAX_MENU_LABEL = 16;

/** The longest address, in characters. */
export const MAX_SLUG_LENGTH = 60;

/** The address the public page of `slug` is at. */
export function boardPagePath(slug: string): string {
  return `/more/${slug}`;
}

/** Lower-case letters and digits, in words joined by single hyphens: "boat-launch", "invasive-species-2027". */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SLUG_MESSAGES = {
  empty: "Please enter the page's address.",
  form: "Use lower-case letters and digits, words joined by hyphens (like boat-launch).",
  length: `Please keep the address to at most ${MAX_SLUG_LENGTH} characters.`,
  reserved: "This address is already a page of the site. Please choose another.",
  taken: "Another page has this address. Please choose another.",
} as const;

/**
 * What is wrong with `slug` as a page's address, or undefined when it may be used.
 * @param reserved the addresses under /more that the site's own pages take ("meetboard", "documents", …: from the
 *   public page registry, `reservedMoreSlugs` in app/routes/public/pages.ts)
 */
export function slugProblem(slug: string, reserved: ReadonlySet<string>): string | undefined {
  if (slug === "") return SLUG_MESSAGES.empty;
  if (slug.length > MAX_SLUG_LENGTH) return SLUG_MESSAGES.length;
  if (!SLUG.test(slug)) return SLUG_MESSAGES.form;
  if (reserved.has(slug)) return SLUG_MESSAGES.reserved;
  return undefined;
}

/**
 * An address made from a title, for a page whose address was left empty: lower-case ASCII letters and digits,
 * every other run of characters one hyphen, accents dropped ("Boat Launch & Ramp" → "boat-launch-ramp"); "" when
 * nothing is left. At most `MAX_SLUG_LENGTH` characters, cut at a word.
 */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  return slug || (words[0] ?? "").slice(0, MAX_SLUG_LENGTH);
}

/**
 * Whether one more page may go in the main menu: `inMenu` is how many are there now, not counting the page being
 * saved. Its message says the limit.
 */
export function menuProblem(inMenu: number): string | undefined {
  return inMenu >= MAX_MENU_PAGES ? `The main menu has room for ${MAX_MENU_PAGES} pages of your own; it has them already. Please put this page under More.` : undefined;
}

export const MENU_LABEL_MESSAGE = `A page in the main menu needs a title of at most ${MAX_MENU_LABEL} characters, so that the header keeps to one line.`;

/**
 * The page form: title, address (empty: made from the title), where it is linked, and its Markdown text. The
 * address's own rules (reserved, taken, the menu's room) need the site's data and are checked by the screen.
 */
export const boardPageSchema = z.object({
  title: z.string().trim().min(1, "Please enter the page's title.").max(120, "Please keep the title to at most 120 characters."),
  slug: z.string().trim().max(MAX_SLUG_LENGTH, SLUG_MESSAGES.length).default(""),
  placement: z.enum(PLACEMENTS, { message: "Please choose where the page is linked." }).default("more"),
  body: z.string().trim().min(1, "Please enter the page's text.").max(50_000, "Please keep the text to at most 50,000 characters."),
});
export type BoardPageInput = z.output<typeof boardPageSchema>;

/** The longest description of a page (its `<meta name="description">`), in characters. */
const DESCRIPTION_LENGTH = 155;

/**
 * A page's description for search engines: the start of its text as plain words (pictures, link addresses and
 * Markdown marks left out), cut at a word with "…"; the title when the text has no words.
 */
export function pageDescription(title: string, body: string): string {
  const words = body
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`~|]+/g, " ")
    .replace(/^\s*(?:[-+]|\d+\.)\s+/gm, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (words === "") return title;
  if (words.length <= DESCRIPTION_LENGTH) return words;
  const cut = words.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1)).trimEnd()}…`;
}
