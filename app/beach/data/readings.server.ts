/** Beach measurements (spec §3): E. coli samples, one reading each, ordered by timestamp. */
import { sql } from "kysely";
import type { Measurement } from "#db/schema.ts";
import { inTransaction, type Database } from "#app/platform/data/db.server.ts";
import { isAfterToday, isReadingValue, MAX_READING } from "#app/beach/status.ts";
import { noonOf, todayIn } from "#app/platform/text/dates.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { bumpVersion, writeAndSignal } from "#app/platform/data/changes.server.ts";
import { containsText, paginate } from "#app/platform/data/paging.server.ts";
import type { MeasurementInput } from "../forms.ts";
import { E_COLI } from "#app/beach/parameters.ts";
import type { Qualifier } from "#app/beach/results.ts";
import { getFirstBeach } from "./sites.server.ts";
import { listParameters } from "./parameters.server.ts";

/** Milliseconds in a day. */
const DAY_MS = 86_400_000;

export type { Measurement };

/** The measured quantity and its unit, as the specification names them. */
export const MEASUREMENT_NAME = "E. Coli";
export const MEASUREMENT_UNIT = "per 100mL";

export type { MeasurementInput };

/**
 * A result as the writes take it (issue 27): a reading's sample date and value, and where the form or the file says
 * so, its site (default: the first beach), parameter (default: E. coli), the lab's qualifier and detection limit,
 * the sample depth in metres and the time of day ("HH:MM").
 */
export interface ResultInput extends MeasurementInput {
  siteId?: string;
  parameterId?: string;
  qualifier?: Qualifier;
  detectionLimit?: number | null;
  depth?: number | null;
  time?: string;
}

/** What `toRow` needs to know besides the input: the zone, today, the default site and each parameter's range. */
interface RowContext {
  timeZone: string;
  today: string;
  defaultSiteId: string | null;
  parameters: Map<string, { name: string; unitCode: string; minValue: number; maxValue: number }>;
  /** Each sample date's noon, as computed (a batch of an import has many results of one date). */
  noons: Map<string, number>;
}

async function rowContext(db: Database, now: number): Promise<RowContext> {
  const timeZone = await getTimeZone(db);
  const [first, parameters] = await Promise.all([getFirstBeach(db), listParameters(db)]);
  return { timeZone, today: todayIn(timeZone, new Date(now)), defaultSiteId: first?.id ?? null, parameters: new Map(parameters.map((p) => [p.id, p])), noons: new Map() };
}

/** A site and parameter's results wanted by a batched read, and the map key of its answer (`resultsKey`). */
export interface ResultWant {
  siteId: string;
  parameterId: string;
}

/** The key of a site and parameter in the maps the batched reads return. */
export function resultsKey(want: ResultWant): string {
  return `${want.siteId}|${want.parameterId}`;
}

function groupResults(rows: Measurement[], wants: readonly ResultWant[]): Map<string, Measurement[]> {
  const map = new Map<string, Measurement[]>(wants.map((w) => [resultsKey(w), []]));
  for (const row of rows) map.get(resultsKey({ siteId: row.siteId ?? "", parameterId: row.parameterId }))?.push(row);
  return map;
}

/**
 * The latest `limit` results of each site and parameter in `wants`, in at most two statements whatever their number,
 * so that a page of several sites costs no more queries than a page of one: the wants of one result each (a
 * station's latest of every parameter) in one statement that seeks the index once per want inside the database
 * (`latestOfEach`), the others in a UNION ALL of one indexed, limited read each.
 * @returns by `resultsKey`, oldest first (by timestamp, time, createdAt); an empty list where there is none
 */
export async function listLatestResults(db: Database, wants: readonly (ResultWant & { limit: number })[]): Promise<Map<string, Measurement[]>> {
  if (wants.length === 0) return new Map();
  const single = wants.filter((w) => w.limit === 1);
  const several = wants.filter((w) => w.limit !== 1);
  const part = (w: ResultWant & { limit: number }, i: number) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("measurement")
          .selectAll()
          .where("siteId", "=", w.siteId)
          .where("parameterId", "=", w.parameterId)
          .orderBy("timestamp", "desc")
          .orderBy("createdAt", "desc")
          .limit(w.limit)
          .as(`m${i}`),
      )
      .selectAll();
  const union = async () => {
    if (several.length === 0) return [];
    let query = part(several[0]!, 0);
    for (let i = 1; i < several.length; i++) query = query.unionAll(part(several[i]!, i));
    return query.execute();
  };
  const [latest, more] = await Promise.all([latestOfEach(db, single), union()]);
  const rows = [...latest, ...more];
  rows.sort((a, b) => Number(a.timestamp) - Number(b.timestamp) || a.time.localeCompare(b.time) || Number(a.createdAt) - Number(b.createdAt));
  return groupResults(rows, wants);
}

/**
 * The latest result (by timestamp, then the latest added) of each site and parameter in `wants`, in one statement
 * of the same text for the same number of wants: the pairs as a VALUES list (columns `column1`, `column2` in SQLite
 * and PostgreSQL alike), each pair's latest id found by a limited read of the `(siteId, parameterId, timestamp,
 * createdAt)` index, then those rows by primary key. A pair with no result adds nothing.
 */
async function latestOfEach(db: Database, wants: readonly ResultWant[]): Promise<Measurement[]> {
  if (wants.length === 0) return [];
  const pairs = sql.join(wants.map((w) => sql`(${w.siteId}, ${w.parameterId})`));
  const latestId = sql`SELECT (SELECT m."id" FROM "measurement" m WHERE m."siteId" = w.column1 AND m."parameterId" = w.column2 ORDER BY m."timestamp" DESC, m."createdAt" DESC LIMIT 1) FROM (VALUES ${pairs}) AS w`;
  return db.selectFrom("measurement").selectAll().where(sql<boolean>`"id" IN (${latestId})`).execute();
}

/**
 * The results of each site and parameter in `wants` sampled on its `from` ("YYYY-MM-DD") or later, in one
 * statement: the windows of the geometric means.
 * @returns by `resultsKey`, oldest first
 */
export async function listResultsSince(db: Database, wants: readonly (ResultWant & { from: string })[]): Promise<Map<string, Measurement[]>> {
  if (wants.length === 0) return new Map();
  const rows = await db
    .selectFrom("measurement")
    .selectAll()
    .where((eb) =>
      eb.or(
        wants.map((w) =>
          eb.and([
            eb("siteId", "=", w.siteId),
            eb("parameterId", "=", w.parameterId),
            // A result's timestamp is its date's noon in the association's time zone (UTC-12 to UTC+14), so never
            // before that date's 00:00 UTC less a day: a bound the (siteId, parameterId, timestamp) index can seek
            // to, where the date alone would have it read every result of the site and parameter.
            eb("timestamp", ">=", Date.parse(`${w.from}T00:00:00Z`) - DAY_MS),
            eb("date", ">=", w.from),
          ]),
        ),
      ),
    )
    .orderBy("timestamp")
    .orderBy("time")
    .orderBy("createdAt")
    .execute();
  return groupResults(rows, wants);
}

/** Every reading, newest first (the admin table). */
/**
 * When each monitoring site last had a result added (ms since epoch), by site id: the sitemap's dates of the lake's
 * pages. A site without results is absent.
 */
export async function lastResultChanges(db: Database): Promise<Map<string, number>> {
  const rows = await db.selectFrom("measurement").select((eb) => ["siteId", eb.fn.max("createdAt").as("at")]).groupBy("siteId").execute();
  return new Map(rows.filter((r) => r.siteId !== null).map((r) => [r.siteId!, Number(r.at)]));
}

export async function listMeasurements(db: Database): Promise<Measurement[]> {
  return db.selectFrom("measurement").selectAll().orderBy("timestamp", "desc").orderBy("createdAt", "desc").execute();
}

/** The orders of the admin table: newest sample first (the default), oldest first, highest reading first. */
export const MEASUREMENT_SORTS = ["desc", "asc", "highest"] as const;
export type MeasurementSort = (typeof MEASUREMENT_SORTS)[number];

/** One page of readings for the admin table, sorted on the server. */
export async function pageMeasurements(db: Database, query: ListQuery<MeasurementSort>): Promise<Page<Measurement, MeasurementSort>> {
  // A search looks in the sample date as the lab writes it ("2026-05" finds May 2026).
  const base = query.q ? db.selectFrom("measurement").where(containsText(["date"], query.q)) : db.selectFrom("measurement");
  const all = base.selectAll();
  // The id breaks ties in the same direction, so that the (timestamp, createdAt, id) index gives the order unsorted.
  const rows =
    query.sort === "highest"
      ? all.orderBy("value", "desc").orderBy("timestamp", "desc").orderBy("id")
      : all.orderBy("timestamp", query.sort).orderBy("createdAt", query.sort).orderBy("id", query.sort);
  return paginate(rows, base.select((eb) => eb.fn.countAll<number>().as("n")), query);
}

/** One reading, or undefined. */
export async function getMeasurement(db: Database, id: string): Promise<Measurement | undefined> {
  return db.selectFrom("measurement").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The row of a result recorded at `now`. The forms and the imports refuse bad results with their own messages
 * first; this is the last check, so that no other way in stores a reading from the future (issue 24), a value
 * outside its parameter's range or a parameter the catalogue does not have.
 * @throws RangeError when the date is not a calendar date or is after today, the parameter is unknown, or the value
 *   is outside the parameter's range (E. coli: 0 to `MAX_READING`)
 */
function toRow(input: ResultInput, now: number, context: RowContext) {
  const { timeZone, today } = context;
  let timestamp = context.noons.get(input.date);
  if (timestamp === undefined) {
    timestamp = noonOf(input.date, timeZone).timestamp;
    context.noons.set(input.date, timestamp);
  }
  if (isAfterToday(input.date, today)) throw new RangeError(`The sample date ${input.date} is after today (${today} in ${timeZone})`);
  const parameterId = input.parameterId ?? E_COLI;
  const parameter = context.parameters.get(parameterId);
  if (!parameter) throw new RangeError(`There is no parameter "${parameterId}"`);
  if (parameterId === E_COLI ? !isReadingValue(input.value) : !(Number.isFinite(input.value) && input.value >= parameter.minValue && input.value <= parameter.maxValue)) {
    throw new RangeError(parameterId === E_COLI ? `A reading is from 0 to ${MAX_READING} per 100 mL, not ${input.value}` : `A ${parameter.name} result is from ${parameter.minValue} to ${parameter.maxValue}, not ${input.value}`);
  }
  return {
    id: crypto.randomUUID(),
    date: input.date,
    value: input.value,
    // The specification's data values for E. coli (spec §3); the parameter's name and unit code for the others.
    name: parameterId === E_COLI ? MEASUREMENT_NAME : parameter.name,
    unit: parameterId === E_COLI ? MEASUREMENT_UNIT : parameter.unitCode,
    timestamp,
    createdAt: now,
    siteId: input.siteId ?? context.defaultSiteId,
    parameterId,
    qualifier: input.qualifier ?? "",
    detectionLimit: input.detectionLimit ?? null,
    depth: input.depth ?? null,
    time: input.time ?? "",
  };
}

/** What makes two results the same sample's (duplicates are skipped on import). */
function sameSampleKey(r: { siteId: string | null; parameterId: string; date: string; time: string; depth: number | null; value: number; qualifier: string }): string {
  return `${r.siteId ?? ""}|${r.parameterId}|${r.date}|${r.time}|${r.depth ?? ""}|${r.qualifier}|${Number(r.value)}`;
}

/**
 * Adds one reading.
 * @param now when it is recorded, ms since epoch (its createdAt; the sample date may not be after that day)
 * @throws RangeError when the date is not a calendar date or is after today, or the value is outside 0 to
 *   `MAX_READING`
 */
export async function addMeasurement(db: Database, input: ResultInput, now = Date.now()): Promise<Measurement> {
  const row = toRow(input, now, await rowContext(db, now));
  await writeAndSignal(db, "measurements", (trx) =>
    trx.insertInto("measurement").values(row).execute(),
  );
  return row;
}

/**
 * Adds many results in one transaction, all or none. A result of the same site, parameter, date, time, depth,
 * qualifier and value as a stored one, or as an earlier one in `inputs`, is skipped.
 * @param now when they are recorded, ms since epoch (their createdAt; no sample date may be after that day)
 * @returns how many were added and how many skipped as duplicates
 * @throws RangeError as `addMeasurement` does, for any of `inputs`; then none is added
 */
export async function importMeasurements(
  db: Database,
  inputs: ResultInput[],
  now = Date.now(),
): Promise<{ added: number; skipped: number }> {
  return inTransaction(db, async (trx) => {
    const context = await rowContext(trx, now);
    const dates = [...new Set(inputs.map((i) => i.date))];
    const seen = new Set<string>();
    for (let i = 0; i < dates.length; i += 500) {
      const existing = await trx
        .selectFrom("measurement")
        .select(["siteId", "parameterId", "date", "time", "depth", "value", "qualifier"])
        .where("date", "in", dates.slice(i, i + 500))
        .execute();
      for (const r of existing) seen.add(sameSampleKey(r));
    }
    const rows = [];
    for (const input of inputs) {
      const row = toRow(input, now, context);
      const key = sameSampleKey(row);
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
    for (let i = 0; i < rows.length; i += 500) {
      await trx.insertInto("measurement").values(rows.slice(i, i + 500)).execute();
    }
    if (rows.length > 0) await bumpVersion(trx, "measurements");
    return { added: rows.length, skipped: inputs.length - rows.length };
  });
}

/**
 * Removes the readings with these ids in one transaction with one change signal; ids no reading has are skipped.
 * Call it through `deleteReadings` (app/beach/updates.server.ts), which announces the state that leaves.
 * @returns how many were removed
 */
export async function deleteMeasurements(db: Database, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await writeAndSignal(db, "measurements", (trx) => trx.deleteFrom("measurement").where("id", "in", ids).executeTakeFirst());
  return Number(result.numDeletedRows);
}

/** Removes a reading; returns false when no reading has that id. */
export async function deleteMeasurement(db: Database, id: string): Promise<boolean> {
  const result = await writeAndSignal(db, "measurements", (trx) =>
    trx.deleteFrom("measurement").where("id", "=", id).executeTakeFirst(),
  );
  return result.numDeletedRows > 0n;
}
