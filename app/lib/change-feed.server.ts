/**
 * Watches the change counters in the database and tells subscribers which topics changed. It reads the database,
 * not process memory, so a write made by any server process (or the command line) on the same database is seen.
 * One poll serves every subscriber, and it runs only while someone listens.
 */
import type { Database } from "./db.server.ts";
import type { Logger } from "./logger.server.ts";
import { getVersions, type Topic } from "../models/changes.server.ts";

export type ChangeListener = (topics: Topic[]) => void;

export interface ChangeFeed {
  /** Calls `listener` with the topics that changed, after each poll that finds a change. Returns the unsubscribe. */
  subscribe(listener: ChangeListener): () => void;
  /** Stops polling and forgets every listener. */
  close(): void;
}

/** @param intervalMs how often to read the counters while there are listeners, in milliseconds */
export function createChangeFeed(db: Database, logger: Logger, intervalMs = 1000): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let known: Partial<Record<Topic, number>> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  async function poll() {
    if (polling) return;
    polling = true;
    try {
      const current = await getVersions(db);
      if (known) {
        const changed = (Object.keys(current) as Topic[]).filter((t) => current[t] !== known?.[t]);
        if (changed.length > 0) for (const listener of listeners) listener(changed);
      }
      known = current;
    } catch (error) {
      logger.warn({ err: error }, "change feed poll failed");
    } finally {
      polling = false;
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        void poll();
        timer = setInterval(() => void poll(), intervalMs);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
          known = undefined;
        }
      };
    },
    close() {
      listeners.clear();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
