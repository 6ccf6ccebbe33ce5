/**
 * When a news post or an event is public, and how the board's choice reads (issue 26 part 3, decision 025): a draft
 * is public never, a published item from its `publishAt` instant on. Pure: the data functions filter with the same
 * rule in SQL (`wherepublic` in ./data/), the admin lists show `publicationState`, and the form's "Publish" choice
 * becomes the stored columns through `publicationColumns`.
 */
import { format } from "date-fns/format";
import { TZDate } from "@date-fns/tz";
import { clockTime, shortDate } from "#app/platform/text/format.ts";

/** The stored publication of an item (columns of migration 0011). */
export interface Publication {
  /** 1 for a draft. */
  draft: number;
  /** When it is public from, ms since epoch. */
  publishAt: number;
}

/** Where an item stands: a draft, scheduled for an instant still to come, or published. */
export type PublicationState = { kind: "draft" } | { kind: "scheduled"; at: number } | { kind: "published"; at: number };

/** Where `item` stands at `now` (ms since epoch). */
export function publicationState(item: Publication, now: number): PublicationState {
  if (item.draft) return { kind: "draft" };
  return item.publishAt > now ? { kind: "scheduled", at: item.publishAt } : { kind: "published", at: item.publishAt };
}

/** Whether residents may see `item` at `now`: not a draft, and its publication instant has come. */
export function isPublic(item: Publication, now: number): boolean {
  return publicationState(item, now).kind === "published";
}

/** What the board chose in the form's "Publish" select. */
export const PUBLISH_CHOICES = ["now", "at", "draft"] as const;
export type PublishChoice = (typeof PUBLISH_CHOICES)[number];

/**
 * The columns a save writes for the board's choice.
 * - "now": public from `now`, unless it was already published (an edit keeps its first publication instant);
 * - "at": public from `at` (a time already past publishes at once, with that instant);
 * - "draft": a draft (taken off the site if it was public).
 * @param before the item's publication before this save, or undefined for a new item
 * @returns the columns, and `live`: false only for an item that becomes public later (the timer makes it live)
 */
export function publicationColumns(choice: PublishChoice, at: number | null, now: number, before?: Publication): Publication & { live: number } {
  if (choice === "draft") return { draft: 1, publishAt: before?.publishAt ?? now, live: 1 };
  if (choice === "at" && at !== null) return { draft: 0, publishAt: at, live: at <= now ? 1 : 0 };
  const kept = before && !before.draft && before.publishAt <= now ? before.publishAt : now;
  return { draft: 0, publishAt: kept, live: 1 };
}

/** "2026-11-27T14:30" or, with seconds, "2026-11-27T14:30:15": a `datetime-local` value. */
export const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * The instant of a `datetime-local` value ("YYYY-MM-DDTHH:MM", seconds optional) read in a time zone.
 * @returns ms since epoch, or null when the value is not such a time
 */
export function instantOf(local: string, timeZone: string): number | null {
  const match = LOCAL_TIME.exec(local.trim());
  if (!match) return null;
  const [y, m, d, h, min, sec = 0] = match.slice(1).map((v) => (v === undefined ? undefined : Number(v))) as [number, number, number, number, number, number?];
  const at = new TZDate(y, m - 1, d, h, min, sec, timeZone);
  if (at.getMonth() !== m - 1 || at.getDate() !== d) return null;
  return at.getTime();
}

/** The `datetime-local` value ("YYYY-MM-DDTHH:MM") of an instant in a time zone. */
export function localTimeOf(at: number, timeZone: string): string {
  return format(new TZDate(at, timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** "Nov 27, 2026, 2:30 PM": an instant as the admin reads it, in the association's time zone. */
export function shortDateTime(at: number, timeZone: string): string {
  const [date, time] = localTimeOf(at, timeZone).split("T") as [string, string];
  return `${shortDate(date)}, ${clockTime(time)}`;
}

/** What the admin list says of an item: "Draft", "Scheduled for Nov 27, 2026, 2:30 PM" or "Published". */
export function stateLabel(state: PublicationState, timeZone: string): string {
  if (state.kind === "draft") return "Draft";
  if (state.kind === "scheduled") return `Scheduled for ${shortDateTime(state.at, timeZone)}`;
  return "Published";
}

/** Something shaped like an email address (a local part, "@", a domain with a dot). */
const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The author residents see: the name as written, but never an email address. Posts written before display names
 * were signed with the administrator's address (issue 26); those, and an empty author, show the association's name.
 */
export function publicAuthor(author: string, associationName: string): string {
  const name = author.trim();
  return !name || EMAIL_LIKE.test(name) ? associationName : name;
}
