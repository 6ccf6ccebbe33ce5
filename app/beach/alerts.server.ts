/**
 * Beach status alerts (issue 11): when the status residents see changes — a new reading moves it between Open,
 * Caution, Closed and Error, the latest reading turns stale (over 7 days old in the association's time zone), or the
 * board posts or lifts an advisory — every confirmed subscriber of the beach list gets one mail.
 *
 * The state last announced is kept in the database and replaced by compare-and-set in the same transaction that
 * queues the alert, so a change is announced once however many processes (or a CSV import of a whole season) see
 * it, and an alert is never lost between the two. The first state ever seen is a baseline and is not announced.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { escapeHtml } from "#app/platform/text/email-body.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import type { OutboxWorker } from "#app/mail/outbox.server.ts";
import { CAUTION_THRESHOLD, CLOSED_THRESHOLD, STALE_AFTER_DAYS, STATUS_MEANING, type BeachStatus } from "./status.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { formatNumber, longDate } from "#app/platform/text/format.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { getAnnouncedBeachState, getBeachAdvisory, swapAnnouncedBeachState, type BeachAdvisory } from "#app/beach/data/advisory.server.ts";
import { describeLatest, listLatestMeasurements, type LatestReading } from "#app/beach/data/readings.server.ts";
import { queueListMail } from "#app/mail/data/outbox.server.ts";

/** What residents are told about the beach now. */
export interface BeachState {
  /** What an alert compares: "Closed", "Open:stale", "advisory:Closed:<posted at>", or "none" with no reading. */
  key: string;
  /** The status shown: the advisory's when one is posted, else the latest reading's. */
  status: BeachStatus | null;
  latest: LatestReading | null;
  advisory: BeachAdvisory | null;
}

/** The beach state now: latest reading, staleness in the association's time zone, and the advisory. */
export async function currentBeachState(db: Database, now = Date.now()): Promise<BeachState> {
  const [details, readings, advisory] = await Promise.all([getAssociationDetails(db), listLatestMeasurements(db, { limit: 1 }), getBeachAdvisory(db)]);
  const latest = describeLatest(readings[0], todayIn(details.timeZone, new Date(now)));
  if (advisory) return { key: `advisory:${advisory.status}:${advisory.postedAt}`, status: advisory.status, latest, advisory };
  if (!latest) return { key: "none", status: null, latest, advisory };
  return { key: latest.stale ? `${latest.status}:stale` : latest.status, status: latest.status, latest, advisory };
}

/** An alert's subject and bodies. */
export interface BeachAlert {
  subject: string;
  text: string;
  html: string;
}

/**
 * The alert for `state` (after `previousKey`): the status, the reading with its date, what it means, and a link to
 * the beach section of /the-lake.
 */
export function composeBeachAlert(state: BeachState, previousKey: string, options: { beachName: string; publicUrl: string }): BeachAlert {
  const { beachName, publicUrl } = options;
  const link = `${publicUrl}/the-lake#beach`;
  const paragraphs: string[] = [];
  let subject: string;
  const reading = state.latest
    ? `Latest reading: ${formatNumber(state.latest.value, 1)} E. coli CFU per 100 mL, sampled ${longDate(state.latest.date)}.`
    : "There is no reading yet.";
  if (state.advisory) {
    subject = `Beach advisory at ${beachName}: ${state.advisory.status}`;
    paragraphs.push(`The board has posted an advisory: ${beachName} is ${state.advisory.status}.`, `Reason: ${state.advisory.reason}`, STATUS_MEANING[state.advisory.status], reading);
  } else if (state.latest?.stale) {
    subject = `Beach status at ${beachName}: no recent sample`;
    paragraphs.push(
      `The latest sample at ${beachName} is more than ${STALE_AFTER_DAYS} days old and may not reflect current conditions.`,
      reading,
      `It showed ${state.latest.status}. Check the site before swimming.`,
    );
  } else {
    const status = state.status ?? "Error";
    subject = `Beach status at ${beachName}: ${status}`;
    if (previousKey.startsWith("advisory:")) paragraphs.push("The board has lifted its advisory.");
    paragraphs.push(`${beachName} is now ${status}. ${STATUS_MEANING[status]}`, reading);
  }
  paragraphs.push(
    `What the statuses mean: Open below ${CAUTION_THRESHOLD} E. coli CFU per 100 mL (the EPA Beach Action Value), Caution from ${CAUTION_THRESHOLD}, Closed above ${CLOSED_THRESHOLD}.`,
  );
  const text = `${paragraphs.join("\n\n")}\n\nThe latest readings: ${link}`;
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p><a href="${escapeHtml(link)}">The latest readings</a></p>`;
  return { subject, text, html };
}

/**
 * Announces the beach state if it changed since the last announcement: queues one alert to the beach list and wakes
 * the outbox worker. Call it after a reading is added, imported or deleted, an advisory is posted or lifted, and
 * periodically (staleness comes with the calendar, not with a write).
 * @returns the alert's recipient count, or null when nothing was announced (no change, the first baseline, no
 *   reading, or another process announced it)
 */
export async function announceBeachState(
  services: { db: Database; logger: Pick<Logger, "info">; outbox?: Pick<OutboxWorker, "kick">; config: { publicUrl: string } },
  now = Date.now(),
): Promise<number | null> {
  const { db, logger } = services;
  const state = await currentBeachState(db, now);
  const previous = await getAnnouncedBeachState(db);
  if (previous === state.key) return null;
  const { beachName } = await getAssociationDetails(db);
  const queued = await db.transaction().execute(async (trx) => {
    if (!(await swapAnnouncedBeachState(trx, previous, state.key))) return null;
    if (previous === undefined || state.key === "none") return null;
    const alert = composeBeachAlert(state, previous, { beachName, publicUrl: services.config.publicUrl });
    return queueListMail(trx, "beach", { ...alert, createdBy: "system" }, now);
  });
  if (!queued) return null;
  logger.info({ from: previous, to: state.key, recipients: queued.recipients }, "beach alert queued");
  services.outbox?.kick();
  return queued.recipients;
}

/**
 * `announceBeachState` after a write that already succeeded: a failure to announce is logged, not thrown, so the
 * reading or advisory stays saved (the periodic check announces it later).
 */
export async function announceAfterWrite(services: { db: Database; logger: Logger; outbox: OutboxWorker; config: { publicUrl: string } }): Promise<void> {
  try {
    await announceBeachState(services);
  } catch (error) {
    services.logger.error({ err: error }, "beach alert could not be queued; the periodic check will try again");
  }
}
