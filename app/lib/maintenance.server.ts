/**
 * The server's periodic chores (issue 11): every 15 minutes, and once at start, it forgets unconfirmed
 * subscriptions older than 7 days and checks the beach state, so that a reading turning stale at midnight in the
 * association's time zone is announced within a quarter of an hour. Both are safe to run in several processes.
 */
import { announceAfterWrite } from "./beach-alerts.server.ts";
import type { Services } from "./services.server.ts";
import { forgetStaleSubscriptions } from "./subscriptions.server.ts";

/** How often the chores run, in milliseconds. */
export const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Starts the chores.
 * @returns a function that stops them and resolves once a run in progress has finished
 */
export function startMaintenance(services: Services): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= (async () => {
      try {
        await forgetStaleSubscriptions(services);
      } catch (error) {
        services.logger.error({ err: error }, "forgetting unconfirmed subscriptions failed");
      }
      await announceAfterWrite(services);
    })().finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
