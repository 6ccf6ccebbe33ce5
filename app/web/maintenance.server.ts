/**
 * The server's periodic chores (issue 11): every 15 minutes, and once at start, it forgets unconfirmed
 * subscriptions older than 7 days and password reset requests older than a day, and checks the beach state, so that a reading turning stale at midnight in the
 * association's time zone is announced within a quarter of an hour. In a cluster each process keeps the timer,
 * and one of them runs the chores each time (`takeTurn`).
 */
import { checkBeachState } from "#app/beach/updates.server.ts";
import { takeTurn } from "#app/platform/data/schedule.server.ts";
import type { Services } from "./services.server.ts";
import { forgetStaleSubscriptions } from "#app/mail/subscriptions.server.ts";
import { forgetOldResetRequests } from "#app/accounts/throttle.server.ts";

/** How often the chores run, in milliseconds. */
export const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;

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
  return async () => {
    clearInterval(timer);
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
    await checkBeachState(services, now);
  } catch (error) {
    services.logger.error({ err: error }, "beach state check failed; the next run tries again");
  }
  return true;
}
