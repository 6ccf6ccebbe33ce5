/**
 * The server's periodic chores (issue 11): every 15 minutes, and once at start, it forgets unconfirmed
 * subscriptions older than 7 days and password reset requests older than a day, and checks the beach state, so that a reading turning stale at midnight in the
 * association's time zone is announced within a quarter of an hour. In a cluster each process keeps the timer,
 * and one of them runs the chores each time (`takeTurn`).
 *
 * Beside the chores each process keeps a publication timer (issue 26, decision 025): it wakes at the next set time
 * of a scheduled news post or event (and at least every 30 seconds, for one scheduled by another process) and makes
 * what is due live (`publishDue`: its counter bumped, so that cached pages and open pages follow, and its mail
 * queued if chosen). Making an item live is a compare-and-set, so several processes do it once.
 */
import { checkBeachState } from "#app/beach/updates.server.ts";
import { takeTurn } from "#app/platform/data/schedule.server.ts";
import type { Services } from "./services.server.ts";
import { forgetStaleSubscriptions } from "#app/mail/subscriptions.server.ts";
import { forgetOldResetRequests } from "#app/accounts/throttle.server.ts";
import { onScheduled, publishDue } from "#app/news-events/announcements.server.ts";
import { nextPublication } from "#app/news-events/data/publication.server.ts";

/** How often the chores run, in milliseconds. */
export const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;

/** The longest the publication timer sleeps, in milliseconds (an item scheduled by another process is seen by then). */
export const PUBLICATION_POLL_MS = 30 * 1000;

/**
 * Starts the chores.
 * @returns a function that stops them and resolves once a run in progress has finished
 */
export function startMaintenance(services: Services): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= runMaintenance(services).finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  const stopPublications = startPublicationTimer(services);
  return async () => {
    clearInterval(timer);
    await Promise.all([running, stopPublications()]);
  };
}

/**
 * Starts this process's publication timer: publishes what is due, then sleeps until the next set time (at most
 * `PUBLICATION_POLL_MS`); a save in this process that schedules an item wakes it at once. Failures are logged and
 * retried on the next wake.
 * @returns a function that stops it and resolves once a run in progress has finished
 */
export function startPublicationTimer(services: Pick<Services, "db" | "logger" | "outbox" | "config">): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    clearTimeout(timer);
    running ??= (async () => {
      let next: number | null = null;
      try {
        await publishDue(services);
        next = await nextPublication(services.db);
      } catch (error) {
        services.logger.error({ err: error }, "publishing scheduled items failed; the timer tries again");
      }
      running = undefined;
      if (stopped) return;
      // Just after the set time (a timer may fire a millisecond early); an item still due after a run could not be
      // published (the error is logged): tried again in a few seconds rather than at once.
      const until = next === null ? PUBLICATION_POLL_MS : next - Date.now();
      const wait = until <= 0 ? 5_000 : Math.min(until + 5, PUBLICATION_POLL_MS);
      timer = setTimeout(tick, wait);
      timer.unref();
    })();
  };
  const stopListening = onScheduled(tick);
  tick();
  return async () => {
    stopped = true;
    stopListening();
    clearTimeout(timer);
    await running;
  };
}

/**
 * One run of the chores, if it is this process's turn in the cluster (`takeTurn`); failures are logged.
 * @returns whether this process ran them
 */
export async function runMaintenance(services: Pick<Services, "db" | "logger" | "outbox" | "config">, now = Date.now()): Promise<boolean> {
  try {
    if (!(await takeTurn(services.db, "maintenance", MAINTENANCE_INTERVAL_MS, now))) return false;
  } catch (error) {
    services.logger.error({ err: error }, "maintenance: could not take its turn");
    return false;
  }
  try {
    await forgetStaleSubscriptions(services, now);
    await forgetOldResetRequests(services.db, now);
  } catch (error) {
    services.logger.error({ err: error }, "forgetting unconfirmed subscriptions or old reset requests failed");
  }
  try {
    await publishDue(services, now);
  } catch (error) {
    services.logger.error({ err: error }, "publishing scheduled items failed; the next run tries again");
  }
  try {
    await checkBeachState(services, now);
  } catch (error) {
    services.logger.error({ err: error }, "beach state check failed; the next run tries again");
  }
  return true;
}
