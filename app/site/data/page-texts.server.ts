/**
 * The prose of the public pages (issue 10), edited on /admin/pages: the home page's welcome and the president's
 * letter, the lake's introduction, facts, map caption, the beach's "Learn More" and the advice on geese, and the
 * membership benefits and how to pay. Long texts are Markdown. Kept in the `setting` table under `page.*`; a text
 * never saved is empty (a new install started with `SEED=none` shows no demo prose), and the demo seed saves the
 * demo's (content/).
 */
import { z } from "zod";
import type { Database } from "#app/platform/data/db.server.ts";
import { association } from "#content/association.ts";
import { beachInfo, geeseAdvice, lakeFacts, lakeIntro, lakeMap } from "#content/lake.ts";
import { membership } from "#content/membership.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";

const prose = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default("");

/** Every text of the public pages, with its limit. "md" marks Markdown. */
export const pageTextsSchema = z.object({
  /** Home: welcome (md), president's name, letter (md). */
  welcome: prose(5_000),
  presidentName: prose(200),
  presidentLetter: prose(10_000),
  /** The Lake: introduction (md); facts, one "Label: value" per line; the map's text alternative and caption. */
  lakeIntro: prose(10_000),
  lakeFacts: prose(5_000).refine((v) => v.split("\n").every((line) => line.trim() === "" || line.includes(":")), "Write one fact per line as Label: value"),
  mapAlt: prose(2_000),
  mapCaption: prose(300),
  /** The beach's "Learn More" (md), the geese advice's heading and text (md). */
  learnMore: prose(10_000),
  geeseTitle: prose(200),
  geeseAdvice: prose(10_000),
  /** Membership: benefits (md, usually a list), how to pay (md), the treasurer image's text alternative. */
  benefits: prose(5_000),
  howToPay: prose(5_000),
  treasurerAlt: prose(1_000),
  /** Membership: how to reach the treasurer (md: a name, a postal address, an email link); a picture is optional. */
  treasurerContact: prose(2_000),
});
export type PageTexts = z.infer<typeof pageTextsSchema>;
export type PageTextField = keyof PageTexts;

/**
 * The pictures of the public pages, as image ids (app/platform/files/images.server.ts; "" for none): the lake map (The Lake),
 * the treasurer's contact card (Membership; optional beside the contact text), an optional photo in the home page's welcome. While the map or the card
 * has none, the bundled picture of content/images/ is shown with `mapAlt` / `treasurerAlt`; an uploaded one is shown
 * with its own alt text, which the pages screen writes from the same field.
 */
export const PAGE_IMAGE_FIELDS = ["mapImageId", "treasurerImageId", "homePhotoId"] as const;
export type PageImageField = (typeof PAGE_IMAGE_FIELDS)[number];
export type PageImageIds = Record<PageImageField, string>;

const FIELDS = Object.keys(pageTextsSchema.shape) as PageTextField[];
const key = (field: string) => `page.${field}`;
const UPDATED_BY = "page.updatedBy";
const UPDATED_AT = "page.updatedAt";

/** The texts as saved ("" where none is), with who saved them last and when (ms since epoch). */
export async function getPageTexts(db: Database): Promise<PageTexts & { updatedBy?: string; updatedAt?: number }> {
  const rows = await db.selectFrom("setting").select(["key", "value"]).where("key", "in", [...FIELDS.map(key), UPDATED_BY, UPDATED_AT]).execute();
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  const texts = Object.fromEntries(FIELDS.map((f) => [f, saved.get(key(f)) ?? ""])) as PageTexts;
  const updatedAt = saved.get(UPDATED_AT);
  return { ...texts, updatedBy: saved.get(UPDATED_BY), updatedAt: updatedAt === undefined ? undefined : Number(updatedAt) };
}

/** The pages' picture ids ("" where none is set). */
export async function getPageImageIds(db: Database): Promise<PageImageIds> {
  const rows = await db.selectFrom("setting").select(["key", "value"]).where("key", "in", PAGE_IMAGE_FIELDS.map(key)).execute();
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(PAGE_IMAGE_FIELDS.map((f) => [f, saved.get(key(f)) ?? ""])) as PageImageIds;
}

/**
 * Saves some texts (and picture ids) in one transaction, records who and when, and signals the change (public pages
 * follow).
 */
export async function savePageTexts(db: Database, texts: Partial<PageTexts & PageImageIds>, by: string, now = Date.now()): Promise<void> {
  const values = Object.entries(texts).map(([field, value]): [string, string] => [key(field), value]);
  values.push([UPDATED_BY, by], [UPDATED_AT, String(now)]);
  await writeAndSignal(db, "site", async (trx) => {
    for (const [k, value] of values) {
      await trx.insertInto("setting").values({ key: k, value }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
    }
  });
}

/** Lake facts as written ("Label: value" per line), as label and value pairs; a line without ":" is skipped. */
export function parseFacts(text: string): { label: string; value: string }[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.includes(":"))
    .map((line) => {
      const at = line.indexOf(":");
      return { label: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
    });
}

const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join("\n");
const paragraphs = (items: readonly string[]) => items.join("\n\n");

/** The demo association's texts (content/), as the pages screen stores them. */
export const DEMO_PAGE_TEXTS: PageTexts = {
  welcome: paragraphs(association.welcome),
  presidentName: association.president.name,
  presidentLetter: paragraphs(association.president.paragraphs),
  lakeIntro: paragraphs(lakeIntro),
  lakeFacts: lakeFacts.map((f) => `${f.label}: ${f.value}`).join("\n"),
  mapAlt: lakeMap.alt,
  mapCaption: lakeMap.caption,
  learnMore: paragraphs(beachInfo.learnMore),
  geeseTitle: geeseAdvice.title,
  geeseAdvice: `${paragraphs(geeseAdvice.paragraphs)}\n\n${list(geeseAdvice.tips)}`,
  benefits: list(membership.benefits),
  howToPay: paragraphs(membership.howToPay),
  treasurerAlt: membership.treasurerImageAlt,
  treasurerContact: membership.treasurerContact,
};
