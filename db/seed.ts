/**
 * Demo content for a new install: news posts, events of the current year (past and upcoming), a banner, and real
 * E. coli readings so that the beach status is current.
 *
 * The readings are the most recent 30 samples of `db/data/montrose-beach-ecoli-2013-2015.csv`: real results for
 * Montrose Beach, Chicago (Chicago Park District, via City of Chicago Chicago/clear-water, MIT), re-dated so that
 * the last sample falls on today and the others on the 29 days before, one a day. Values are kept as measured.
 */
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { association } from "#content/association.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { noonOf, todayIn } from "#app/platform/text/dates.ts";
import { parse as parseCsv } from "csv-parse/sync";
import { setBanner } from "#app/site/data/banner.server.ts";
import { createEvent } from "#app/news-events/data/events.server.ts";
import { importMeasurements } from "#app/beach/data/readings.server.ts";
import { isReadingValue } from "#app/beach/status.ts";
import { FIRST_SITE_ID, setSiteCoordinates } from "#app/beach/data/sites.server.ts";
import { createNewsPost, hasNewsPosts } from "#app/news-events/data/news.server.ts";
import { getSetting, setSetting, SETTING_KEYS } from "#app/platform/data/settings.server.ts";
import { DEMO_PAGE_TEXTS, savePageTexts } from "#app/site/data/page-texts.server.ts";
import { boardMembers, businesses as businessList, bylawsArticles, questions } from "#app/site/data/site-content.server.ts";
import { board } from "#content/board.ts";
import { businesses } from "#content/businesses.ts";
import { bylaws } from "#content/bylaws.ts";
import { faq } from "#content/faq.ts";
import { demoPages } from "#content/pages.ts";
import { createBoardPage } from "#app/site/data/board-pages.server.ts";
import montroseCsv from "./data/montrose-beach-ecoli-2013-2015.csv?raw";
import type { Storage } from "#app/platform/files/storage.server.ts";
import { storeImage } from "#app/platform/files/images.server.ts";
import { markDemoContent } from "#app/platform/data/demo-content.server.ts";
import board1 from "#content/images/board-1.svg?raw";
import board2 from "#content/images/board-2.svg?raw";
import board3 from "#content/images/board-3.svg?raw";
import board4 from "#content/images/board-4.svg?raw";
import board5 from "#content/images/board-5.svg?raw";
import lakeMapSvg from "#content/images/lake-map.svg?raw";
import treasurerSvg from "#content/images/treasurer-contact.svg?raw";

/** The demo's bundled pictures, by file name in content/images/ (read as text so they work in the server bundle too). */
const BUNDLED_SVGS: Record<string, string> = {
  "board-1.svg": board1,
  "board-2.svg": board2,
  "board-3.svg": board3,
  "board-4.svg": board4,
  "board-5.svg": board5,
  "lake-map.svg": lakeMapSvg,
  "treasurer-contact.svg": treasurerSvg,
};

/**
 * Where the demo's beach is (decimal degrees, WGS 84): Heron Lake is made up, so this is a plausible spot on a lake in
 * Vilas County, northern Wisconsin, where lake associations like it are common. Swim Guide's format (RecML) requires
 * a position for every beach it lists, so a new install's /data/swimguide.json is valid from the start.
 */
export const DEMO_BEACH_POSITION = { latitude: 45.9183, longitude: -89.2437 };

/** How many of the real readings the demo shows. */
export const SEED_READING_COUNT = 30;

const AUTHOR = "board@heronlake.example.org";
/** The demo's news and events are signed by the board, in words: an author is a name, never an address (issue 26). */
const BYLINE = "Heron Lake Association Board";

function shift(today: string, days: number): string {
  return format(addDays(parseISO(today), days), "yyyy-MM-dd");
}

/** The last `count` readings of the real data set, re-dated to end on `today`. */
export function recentRealReadings(today: string, count = SEED_READING_COUNT) {
  // The bundled file is the lab's export, oldest first (db/data/README.md): its E. coli column as it stands.
  const rows = parseCsv(montroseCsv, { columns: true, skip_empty_lines: true }) as { escherichia_coli: string }[];
  const last = rows.slice(-count).map((row) => Number(row.escherichia_coli));
  if (last.some((value) => !isReadingValue(value))) throw new Error("The bundled readings do not parse");
  return last.map((value, i) => ({ date: shift(today, i - (last.length - 1)), value }));
}

/**
 * Seeds the demo content once, on the first start of an empty database; later starts, and a first start with
 * `mode` "none", leave the data alone.
 * @returns whether content was written
 */
export async function seedOnce(db: Database, mode: "demo" | "none", now = new Date(), images?: Storage): Promise<boolean> {
  const seeded = await getSetting(db, SETTING_KEYS.seededAt);
  if (seeded) {
    await upgradeSiteContent(db, seeded, now, images);
    return false;
  }
  const existing = await hasNewsPosts(db);
  if (mode === "none" || existing) {
    await setSetting(db, SETTING_KEYS.seededAt, mode === "none" ? "none" : "skipped: not empty");
    await setSetting(db, SETTING_KEYS.siteContentSeededAt, mode === "none" ? "none" : "skipped: not empty");
    return false;
  }
  await seedDemo(db, now, images);
  await setSetting(db, SETTING_KEYS.seededAt, now.toISOString());
  return true;
}

/**
 * An install from before the board's lists were in the database (issue 10) showed the demo's board, FAQ, bylaws and
 * businesses from `content/`: it keeps showing them, now as rows the board can edit. An install started with
 * `SEED=none` stays empty. Runs once.
 */
async function upgradeSiteContent(db: Database, seeded: string, now: Date, images?: Storage): Promise<void> {
  if (await getSetting(db, SETTING_KEYS.siteContentSeededAt)) return;
  if (seeded !== "none") await seedSiteContent(db, now.getTime(), images);
  if (seeded !== "none") await markDemoContent(db, AUTHOR, now.getTime());
  await setSetting(db, SETTING_KEYS.siteContentSeededAt, seeded === "none" ? "none" : now.toISOString());
}

/**
 * The demo's board, FAQ, bylaws, businesses and page texts (content/), as the admin screens store them: Markdown
 * texts, and, given the image store, the bundled pictures (board photos, map, treasurer card) as stored pictures,
 * rasterised to WebP like an upload (`storeImage` with `allowSvg`). Without the store (model tests) there are none.
 */
export async function seedSiteContent(db: Database, at: number, images?: Storage): Promise<void> {
  const picture = async (file: string, alt: string): Promise<string | null> => {
    if (!images) return null;
    const svg = BUNDLED_SVGS[file];
    if (!svg) throw new Error(`content/images/${file} is not bundled with the seed`);
    return (await storeImage({ db, images }, new TextEncoder().encode(svg), alt, AUTHOR, { allowSvg: true })).id;
  };
  await savePageTexts(
    db,
    {
      ...DEMO_PAGE_TEXTS,
      mapImageId: (await picture("lake-map.svg", DEMO_PAGE_TEXTS.mapAlt)) ?? "",
      treasurerImageId: (await picture("treasurer-contact.svg", DEMO_PAGE_TEXTS.treasurerAlt)) ?? "",
    },
    AUTHOR,
    at,
  );
  for (const member of [...board].sort((a, b) => a.order - b.order)) {
    const photoId = await picture(member.photo, `Portrait of ${member.name}, ${member.title}`);
    await boardMembers.create(db, { name: member.name, title: member.title, photoId }, AUTHOR, at);
  }
  for (const q of faq) await questions.create(db, { question: q.question, answer: q.answer.join("\n\n") }, AUTHOR, at);
  for (const article of bylaws) {
    const sections = article.sections.map((s) => (s.heading ? `**${s.heading}.** ${s.text}` : s.text)).join("\n\n");
    await bylawsArticles.create(db, { number: article.number, title: article.title, sections }, AUTHOR, at);
  }
  for (const b of [...businesses].sort((x, y) => x.order - y.order)) {
    await businessList.create(db, { name: b.name, category: b.category, address: b.address, phone: b.phone, link: b.link }, AUTHOR, at);
  }
  // The demo's page of the board's own: marked as demo content with the rest, by its author.
  for (const page of demoPages) await createBoardPage(db, { ...page, placement: "more" }, AUTHOR, at);
}

/** Writes the demo content relative to `now` in the association's time zone. */
export async function seedDemo(db: Database, now = new Date(), images?: Storage): Promise<void> {
  const today = todayIn(association.timeZone, now);
  const at = now.getTime();
  const news = [
    {
      title: "Spring cleanup day was a success",
      date: shift(today, -40),
      text: "Thank you to the 34 neighbours who came out for the shoreline cleanup.\nTogether we filled 41 bags of litter and pulled a trailer-load of invasive buckthorn from the north bay.",
    },
    {
      title: "New water-quality testing schedule",
      date: shift(today, -12),
      text: "The beach is now sampled every morning during the swim season.\nResults appear on The Lake page the next day, after the 18-hour lab culture.",
    },
    {
      title: "Board elections at the annual meeting",
      date: shift(today, -2),
      text: "Two board seats are open this year. Nominations close a week before the annual meeting.\nAny member household in good standing may nominate a candidate.",
    },
  ];
  // Each post written at noon of its own date (not all at the seed's instant): a feed's entries each have their own
  // time, as a board's posts would (issue 28 part 6).
  const newsIds: string[] = [];
  for (const post of news) newsIds.push((await createNewsPost(db, { ...post, author: BYLINE }, null, Math.min(at, noonOf(post.date, association.timeZone).timestamp))).id);

  const events = [
    { title: "Ice-out celebration", days: -60, startTime: "10:00", timeDetails: "Until noon", place: "Public Beach pavilion", eventDetails: "Coffee, cocoa and a look at the lake's first open water." },
    { title: "Shoreline planting workshop", days: -20, startTime: "09:00", timeDetails: "About two hours", place: "Boat launch parking lot", eventDetails: "Learn which native plants keep geese off lawns and hold the bank." },
    { title: "Board meeting", days: 5, startTime: "19:00", timeDetails: "7 to 8:30 PM", place: "Town hall, room B", eventDetails: "Open to all members. The agenda is posted a week ahead." },
    { title: "Loon count volunteers", days: 12, startTime: "06:30", timeDetails: "Sunrise", place: "North Bay landing", eventDetails: "Bring binoculars; canoes are provided." },
    { title: "Annual meeting and potluck", days: 26, startTime: "17:00", timeDetails: "Dinner at 6", place: "Heron Lake community center", eventDetails: "Elections, the treasurer's report and a potluck supper." },
  ];
  for (const e of events) {
    const { days, ...fields } = e;
    await createEvent(db, { ...fields, date: shift(today, days), author: BYLINE }, null, at);
  }

  await setBanner(db, "Welcome to the new Heron Lake Association website! Dues for the year are due {duesDate}.", AUTHOR, at);
  await importMeasurements(db, recentRealReadings(today), at);
  await setSiteCoordinates(db, FIRST_SITE_ID, DEMO_BEACH_POSITION, at);
  await seedSiteContent(db, at, images);
  await setSetting(db, SETTING_KEYS.siteContentSeededAt, now.toISOString());
  // What the seed wrote, so that "Remove demo content" (and /setup's empty site) can tell it from the board's (decision 028).
  await markDemoContent(db, AUTHOR, at, newsIds);
}
