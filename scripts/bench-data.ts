/**
 * The large data set of `npm run bench`: 10,000 news posts, 500 events and 100,000 beach measurements, written
 * straight into a stopped server's SQLite file (better-sqlite3, one transaction, prepared statements), with the
 * change counters of the three topics bumped as the models would. Deterministic: the same `now` gives the same rows.
 * Column names follow db/schema.ts. Also the subscribers of the mail outbox figures (`addConfirmedSubscribers`).
 */
import SQLite from "better-sqlite3";
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { DEMO_DETAILS } from "#app/site/data/association.server.ts";
import { noonOf, todayIn } from "#app/platform/text/dates.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { MEASUREMENT_NAME, MEASUREMENT_UNIT } from "#app/beach/data/readings.server.ts";

export const LARGE_NEWS_COUNT = 10_000;
export const LARGE_EVENT_COUNT = 500;
export const LARGE_MEASUREMENT_COUNT = 100_000;
/** Measurements and news are spread over this many days up to today (about five years). */
const SPAN_DAYS = 5 * 365;
/** Events are spread over the current year and this many years before it. */
const EVENT_PAST_YEARS = 4;

const AUTHOR = "bench@heronlake.example.org";
const WORDS = (
  "lake shoreline beach dock loon heron bay water quality sample board meeting members dues cleanup volunteers " +
  "boat launch buckthorn milfoil ice-out spring summer autumn winter association neighbours potluck picnic trail " +
  "culvert wetland fishing kayak canoe swim season report treasurer election agenda"
).split(" ");

/** A small seeded pseudo-random generator (mulberry32), so that every run loads the same rows. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function words(rand: () => number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)] ?? "lake");
  return out.join(" ");
}

function sentence(rand: () => number, count: number): string {
  const text = words(rand, count);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export interface LoadedCounts {
  news: number;
  events: number;
  measurements: number;
  /** Milliseconds spent building and writing the rows. */
  ms: number;
}

/**
 * Writes the large data set into the SQLite database at `file`. The server must be stopped.
 * @param file path of shoreline.db (already migrated)
 * @param now the instant the data set is built around (today in the association's time zone)
 */
export function loadLargeDataSet(file: string, now = new Date()): LoadedCounts {
  const started = performance.now();
  const timeZone = DEMO_DETAILS.timeZone;
  const today = todayIn(timeZone, now);
  const todayDate = parseISO(today);
  const at = now.getTime();
  const noonCache = new Map<string, { timestamp: number; timezoneOffset: number }>();
  const noon = (date: string) => {
    let value = noonCache.get(date);
    if (!value) {
      value = noonOf(date, timeZone);
      noonCache.set(date, value);
    }
    return value;
  };
  const daysAgo = (days: number) => format(addDays(todayDate, -days), "yyyy-MM-dd");
  const rand = random(20_260_101);

  const sqlite = new SQLite(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    const insertNews = sqlite.prepare(
      `INSERT INTO news_post (id, title, text, date, author, authorId, created, updated, timestamp, timezoneOffset)
       VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
    );
    const insertEvent = sqlite.prepare(
      `INSERT INTO event (id, title, date, startTime, timeDetails, place, eventDetails, author, authorId, created, updated,
                          timestamp, timezoneOffset)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
    );
    const insertMeasurement = sqlite.prepare(
      `INSERT INTO measurement (id, date, value, name, unit, timestamp, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const bump = sqlite.prepare(
      `INSERT INTO change_version (topic, version) VALUES (?, 1)
       ON CONFLICT (topic) DO UPDATE SET version = version + 1`,
    );

    sqlite.transaction(() => {
      // News: about five a day over the last five years, newest on today.
      for (let i = 0; i < LARGE_NEWS_COUNT; i++) {
        const date = daysAgo(Math.floor((i * SPAN_DAYS) / LARGE_NEWS_COUNT));
        const n = noon(date);
        const created = at - i * 60_000;
        const text = [sentence(rand, 18), sentence(rand, 24), sentence(rand, 14)].join("\n");
        insertNews.run(crypto.randomUUID(), `Bench post ${i + 1}: ${words(rand, 4)}`, text, date, AUTHOR, created, created, n.timestamp, n.timezoneOffset);
      }

      // Events: spread evenly over the current year and the four before it (about 100 a year), any day of the year.
      const year = Number(today.slice(0, 4));
      for (let i = 0; i < LARGE_EVENT_COUNT; i++) {
        const y = year - (i % (EVENT_PAST_YEARS + 1));
        const first = parseISO(`${y}-01-01`);
        const daysInYear = Math.round((parseISO(`${y + 1}-01-01`).getTime() - first.getTime()) / 86_400_000);
        const date = format(addDays(first, Math.floor(rand() * daysInYear)), "yyyy-MM-dd");
        const n = noon(date);
        const hour = 6 + Math.floor(rand() * 14);
        const startTime = rand() < 0.1 ? "" : `${String(hour).padStart(2, "0")}:${rand() < 0.5 ? "00" : "30"}`;
        insertEvent.run(
          crypto.randomUUID(),
          `Bench event ${i + 1}: ${words(rand, 3)}`,
          date,
          startTime,
          startTime ? "About two hours" : "All day",
          `${words(rand, 2)} pavilion`,
          sentence(rand, 20),
          AUTHOR,
          at,
          at,
          n.timestamp,
          n.timezoneOffset,
        );
      }

      // Measurements: about 55 a day over the last five years, fractional values (geometric means).
      for (let i = 0; i < LARGE_MEASUREMENT_COUNT; i++) {
        const date = daysAgo(Math.floor((i * SPAN_DAYS) / LARGE_MEASUREMENT_COUNT));
        const value = Math.round(Math.exp(Math.log(40) + 1.2 * (rand() + rand() + rand() - 1.5)) * 10) / 10;
        insertMeasurement.run(crypto.randomUUID(), date, value, MEASUREMENT_NAME, MEASUREMENT_UNIT, noon(date).timestamp, at);
      }

      for (const topic of ["news", "events", "measurements"]) bump.run(topic);
    })();
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    sqlite.close();
  }
  return {
    news: LARGE_NEWS_COUNT,
    events: LARGE_EVENT_COUNT,
    measurements: LARGE_MEASUREMENT_COUNT,
    ms: Math.round(performance.now() - started),
  };
}

/** Subscribers per INSERT: 7 columns each, well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const SUBSCRIBER_CHUNK = 1_000;

/**
 * The mail outbox figures of `npm run bench` (issue 11): `count` confirmed subscribers of `lists` (comma-separated,
 * e.g. "beach,news"), `subscriber00000@bench.example.org` and on from number `first`, written through Kysely in one
 * transaction into an open database of either back end.
 */
export async function addConfirmedSubscribers(db: Database, options: { count: number; first?: number; lists: string }, now = Date.now()): Promise<void> {
  const { count, first = 0, lists } = options;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += SUBSCRIBER_CHUNK) {
      const rows = Array.from({ length: Math.min(SUBSCRIBER_CHUNK, count - start) }, (_, i) => ({
        id: crypto.randomUUID(),
        email: `subscriber${String(first + start + i).padStart(5, "0")}@bench.example.org`,
        lists,
        createdAt: now,
        confirmedAt: now,
        consentIp: "198.51.100.1",
        updatedAt: now,
      }));
      await trx.insertInto("subscriber").values(rows).execute();
    }
  });
}
