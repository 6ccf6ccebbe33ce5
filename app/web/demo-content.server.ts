/**
 * "Remove demo content" (issue 26, decision 028): the demo association's rows that the board has not edited, counted
 * for the confirmation and removed in one transaction: news posts, events (which leave a cancellation in the calendar
 * feed), readings (the beach's state and its alert follow), board members, questions, bylaws articles, businesses, the
 * banner, the page texts, the board's own pages and the demo's social link; then the pictures nothing names any more. What the board added
 * or edited stays. /setup's "Start with an empty site" is this removal, right after the seed.
 *
 * Here, in the composition layer, because it spans the domains; the marks are app/platform/data/demo-content.server.ts.
 */
import { inTransaction } from "#app/platform/data/db.server.ts";
import { deleteSettings, forgetDemoContent, unreferencedImages, untouchedDemoContent, type DemoRow } from "#app/platform/data/demo-content.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { deleteImage, type ImageServices } from "#app/platform/files/images.server.ts";
import { deleteNewsPost } from "#app/news-events/data/news.server.ts";
import { deleteEvent } from "#app/news-events/data/events.server.ts";
import { deleteReadings, type BeachServices } from "#app/beach/updates.server.ts";
import { deleteBanner } from "#app/site/data/banner.server.ts";
import { removeBoardPages } from "#app/site/data/board-pages.server.ts";
import { boardMembers, bylawsArticles, businesses, questions } from "#app/site/data/site-content.server.ts";
import { DEMO_DETAILS, getAssociationDetails, saveAssociationDetails } from "#app/site/data/association.server.ts";
import type { Services } from "./services.server.ts";
import { type DemoContentCounts } from "./demo-content.ts";

export { describeDemoContent, type DemoContentCounts } from "./demo-content.ts";


const SITE_LISTS = { board: boardMembers, faq: questions, bylaws: bylawsArticles, business: businesses } as const;

function countsOf(rows: readonly DemoRow[], socialLink: string | null): DemoContentCounts {
  const count = (kind: DemoRow["kind"], list?: string) => rows.filter((r) => r.kind === kind && (list === undefined || r.list === list)).length;
  return {
    news: count("news_post"),
    events: count("event"),
    readings: count("measurement"),
    board: count("site_item", "board"),
    questions: count("site_item", "faq"),
    bylaws: count("site_item", "bylaws"),
    businesses: count("site_item", "business"),
    banner: count("banner") > 0,
    pageTexts: rows.filter((r) => r.kind === "setting" && !r.id.endsWith("ImageId")).length,
    pictures: count("image"),
    pages: count("board_page"),
    socialLink,
  };
}

/** The demo's social link, while the header still shows it (the board never set its own, or set the same): its label. */
async function demoSocialLink(db: Services["db"]): Promise<string | null> {
  const details = await getAssociationDetails(db);
  return details.socialUrl !== "" && details.socialUrl === DEMO_DETAILS.socialUrl ? details.socialLabel || DEMO_DETAILS.socialLabel : null;
}

/** What "Remove demo content" would remove now. */
export async function countDemoContent(db: Services["db"]): Promise<DemoContentCounts> {
  return countsOf(await untouchedDemoContent(db), await demoSocialLink(db));
}

/**
 * Removes the demo content the board has not edited, all in one transaction (each topic signalled), then deletes the
 * demo's pictures nothing names any more, and forgets the marks.
 * @param by the administrator's email (recorded as who cleared the social link)
 * @returns what was removed
 */
export async function removeDemoContent(services: BeachServices & ImageServices, by: string, now = Date.now()): Promise<DemoContentCounts> {
  const { db } = services;
  const rows = await untouchedDemoContent(db);
  const social = await demoSocialLink(db);
  const ids = (kind: DemoRow["kind"]) => rows.filter((r) => r.kind === kind).map((r) => r.id);
  await inTransaction(db, async (trx) => {
    const scoped = { ...services, db: trx };
    for (const id of ids("news_post")) await deleteNewsPost(trx, id);
    for (const id of ids("event")) await deleteEvent(trx, id, now);
    if (ids("measurement").length > 0) await deleteReadings(scoped, ids("measurement"), now);
    for (const row of rows.filter((r) => r.kind === "site_item")) {
      const list = SITE_LISTS[row.list as keyof typeof SITE_LISTS];
      if (list) await list.remove(trx, row.id);
    }
    if (ids("banner").length > 0) await deleteBanner(trx);
    if (ids("board_page").length > 0) await removeBoardPages(trx, ids("board_page"));
    if (ids("setting").length > 0) await writeAndSignal(trx, "site", (t) => deleteSettings(t, ids("setting")));
    if (social !== null) await saveAssociationDetails(trx, { socialUrl: "", socialLabel: "" }, by, now);
    await forgetDemoContent(trx);
  });
  // The files after the commit: a picture's row goes with its files, and only once nothing names it.
  for (const id of await unreferencedImages(db, ids("image"))) {
    try {
      await deleteImage(services, id);
    } catch (error) {
      services.logger.warn({ err: error, id }, "a demo picture could not be deleted");
    }
  }
  return countsOf(rows, social);
}
