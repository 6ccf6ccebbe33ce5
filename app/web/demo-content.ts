/** The words of "Remove demo content" (issue 26): what the demo content left on a site is, counted. */
import { counted } from "#app/platform/text/plural.ts";

/** The untouched demo content of a site, by what residents see. */
export interface DemoContentCounts {
  news: number;
  events: number;
  readings: number;
  board: number;
  questions: number;
  bylaws: number;
  businesses: number;
  /** Whether the demo's banner still shows. */
  banner: boolean;
  /** The demo's texts on the public pages (welcome, the president's letter, the lake, membership, …). */
  pageTexts: number;
  pictures: number;
  /** The demo's pages of the board's own (issue 28: the Boat Launch page). */
  pages: number;
  /** The label of the demo's social link ("Facebook") while the header shows it, or null. */
  socialLink: string | null;
}

/** "5 news posts" as a part of the sentence, or no part when there are none. */
const some = (n: number, one: string, many: string) => (n === 0 ? [] : [counted(n, one, many)]);

/** The parts, in the order the admin menu lists them: ["5 news posts", "5 events", …]. */
export function demoContentParts(c: DemoContentCounts): string[] {
  return [
    ...some(c.news, "news post", "news posts"),
    ...some(c.events, "event", "events"),
    ...some(c.readings, "reading", "readings"),
    ...(c.banner ? ["the banner"] : []),
    ...some(c.board, "board member", "board members"),
    ...some(c.bylaws, "bylaws article", "bylaws articles"),
    ...some(c.questions, "question", "questions"),
    ...some(c.pageTexts, "page text", "page texts"),
    ...some(c.pages, "page", "pages"),
    ...some(c.businesses, "local business", "local businesses"),
    ...some(c.pictures, "picture", "pictures"),
    ...(c.socialLink ? [`the ${c.socialLink} link in the header`] : []),
  ];
}

/**
 * The confirmation's sentence: "This removes 5 news posts, 5 events, 30 readings and the banner." (a serial list
 * without the Oxford comma), or null when nothing of the demo is left.
 */
export function describeDemoContent(c: DemoContentCounts): string | null {
  const parts = demoContentParts(c);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)!}`;
  return `This removes ${list}.`;
}
