/**
 * Every way a beach's public state changes (each beach's, issue 27): a reading added (the form), readings imported (a lab CSV, on the
 * screen or from the command line), a reading deleted, an advisory posted or lifted, and the calendar (the latest
 * reading turning stale, found by the periodic check). Each runs in one transaction that writes, decides the state
 * residents see at every beach (`readSiteStates`) and queues each changed beach's alert (`queueBeachAlertIfChanged`), so
 * that no change is saved without its alert; the outbox worker is woken once it has committed.
 */
import { inTransaction, type Database } from "#app/platform/data/db.server.ts";
import type { MailServices } from "#app/mail/outbox.server.ts";
import { queueBeachAlertIfChanged } from "./alerts.server.ts";
import { liftBeachAdvisory, postSiteAdvisory, type BeachAdvisory, type SiteAdvisory } from "./data/advisory.server.ts";
import { FIRST_SITE_ID } from "./data/sites.server.ts";
import { addMeasurement, deleteMeasurement, deleteMeasurements, importMeasurements, type Measurement, type ResultInput } from "./data/readings.server.ts";

/** What the beach's writes need of the services: the database, the log, the site's address (for the alert's link) and the outbox. */
export type BeachServices = Pick<MailServices, "db" | "logger" | "outbox"> & { config: Pick<MailServices["config"], "publicUrl"> };

/**
 * Runs `write` and the alert check in one transaction; after it commits, logs the alert and wakes the outbox.
 * @returns what `write` returned, and the alert's recipients (null when the state did not change)
 */
async function changeBeach<T>(services: BeachServices, now: number, write: (trx: Database) => Promise<T>): Promise<{ result: T; alerted: number | null }> {
  const { result, alerts } = await inTransaction(services.db, async (trx) => {
    const result = await write(trx);
    return { result, alerts: await queueBeachAlertIfChanged(trx, services.config, now) };
  });
  for (const alert of alerts) services.logger.info(alert, "beach alert queued");
  if (alerts.length > 0) services.outbox.kick();
  return { result, alerted: alerts.length > 0 ? alerts.reduce((sum, a) => sum + a.recipients, 0) : null };
}

/**
 * Adds one reading, and announces the state it leads to.
 * @param now when it is recorded, ms since epoch
 * @throws RangeError as `addMeasurement` does (a date after today, a value that is not a reading's); nothing is saved
 */
export async function recordReading(services: BeachServices, input: ResultInput, now = Date.now()): Promise<Measurement> {
  return (await changeBeach(services, now, (trx) => addMeasurement(trx, input, now))).result;
}

/**
 * Adds many readings, all or none (duplicates of stored ones skipped), and announces the state they lead to: one
 * alert for a whole season, with the latest status.
 * @returns how many were added and skipped, and the alert's recipients (null when the state did not change)
 * @throws RangeError as `importMeasurements` does; nothing is saved
 */
export async function importReadings(
  services: BeachServices,
  inputs: ResultInput[],
  now = Date.now(),
): Promise<{ added: number; skipped: number; alerted: number | null }> {
  const { result, alerted } = await changeBeach(services, now, (trx) => importMeasurements(trx, inputs, now));
  return { ...result, alerted };
}

/**
 * Imports a lab file's results batch by batch in one transaction, all or none (duplicates of stored ones, and of
 * earlier batches, skipped), and announces the state they lead to once: the lab file import
 * (app/beach/lab-files/importer.server.ts), on the screen and from the command line.
 * @param batches called with the transaction: yields the results a batch at a time (it may write first, e.g. the
 *   sites the board confirmed creating, in the same transaction)
 * @returns how many were added and skipped, and the alert's recipients (null when the state did not change)
 * @throws RangeError as `importMeasurements` does, or what `batches` throws; nothing is saved
 */
export async function importResultBatches(
  services: BeachServices,
  batches: (trx: Database) => AsyncIterable<ResultInput[]>,
  now = Date.now(),
): Promise<{ added: number; skipped: number; alerted: number | null }> {
  const { result, alerted } = await changeBeach(services, now, async (trx) => {
    let added = 0;
    let skipped = 0;
    for await (const batch of batches(trx)) {
      const counts = await importMeasurements(trx, batch, now);
      added += counts.added;
      skipped += counts.skipped;
    }
    return { added, skipped };
  });
  return { ...result, alerted };
}

/** Deletes a reading (false when no reading has that id), and announces the state that leaves. */
export async function deleteReading(services: BeachServices, id: string, now = Date.now()): Promise<boolean> {
  return (await changeBeach(services, now, (trx) => deleteMeasurement(trx, id))).result;
}

/**
 * Deletes many readings at once (the admin list's "Delete selected"), all or none, and announces the state that
 * leaves: one alert at most for the whole batch. Also removes the demo's readings (app/web/demo-content.server.ts);
 * runs in the caller's transaction when its services carry one.
 * @returns how many were deleted and the alert's recipients (null when the state did not change)
 */
export async function deleteReadings(services: BeachServices, ids: readonly string[], now = Date.now()): Promise<{ deleted: number; alerted: number | null }> {
  const { result, alerted } = await changeBeach(services, now, (trx) => deleteMeasurements(trx, ids));
  return { deleted: result, alerted };
}

/**
 * Posts (or replaces) a site's advisory (the first beach's by default), and announces the state it leads to: the
 * board's advisory (no `kind`, or "board") or a bloom report ("bloom").
 * @throws ZodError when the board's advisory is not one; nothing is saved
 */
export async function postAdvisory(services: BeachServices, advisory: BeachAdvisory | SiteAdvisory, now = Date.now(), siteId: string = FIRST_SITE_ID): Promise<void> {
  const posted: SiteAdvisory = "kind" in advisory ? advisory : { kind: "board", ...advisory };
  await changeBeach(services, now, (trx) => postSiteAdvisory(trx, siteId, posted));
}

/** Lifts a site's advisory (the first beach's by default; false when none was posted), and announces the state that leaves. */
export async function liftAdvisory(services: BeachServices, now = Date.now(), siteId: string = FIRST_SITE_ID): Promise<boolean> {
  return (await changeBeach(services, now, (trx) => liftBeachAdvisory(trx, siteId))).result;
}

/**
 * Announces a change that comes with the calendar, not with a write: the latest reading turning stale at midnight in
 * the association's time zone. Run by the periodic chores; every beach is checked.
 */
export async function checkBeachState(services: BeachServices, now = Date.now()): Promise<void> {
  await changeBeach(services, now, async () => undefined);
}
