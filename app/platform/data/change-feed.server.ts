/**
 * Watches the change counters in the database and tells subscribers which topics changed. It reads the database,
 * not process memory, so a write made by any server process (or the command line) on the same database is seen.
 * One poll serves every subscriber, and it runs only while someone listens. On PostgreSQL a LISTEN connection
 * also delivers each change at once (the poll then only backs it up).
 */
import pg from "pg";
import { CHANGE_CHANNEL, type Database, type DatabaseHandle } from "./db.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { getVersions, type Topic } from "./changes.server.ts";

export type ChangeListener = (topics: Topic[]) => void;

export interface ChangeFeed {
  /** Calls `listener` with the topics that changed, after each poll that finds a change. Returns the unsubscribe. */
  subscribe(listener: ChangeListener): () => void;
  /** Stops polling and forgets every listener. */
  close(): void;
}

/**
 * @param handle the database; with a PostgreSQL handle, changes also arrive by LISTEN
 * @param intervalMs how often to read the counters while there are listeners, in milliseconds
 */
export function createChangeFeed(handle: Pick<DatabaseHandle, "db" | "dialect" | "url">, logger: Logger, intervalMs = 1000): ChangeFeed {
  const db: Database = handle.db;
  const listeners = new Set<ChangeListener>();
  let listener: pg.Client | undefined;

  async function listen() {
    if (handle.dialect !== "postgres" || !handle.url || listener) return;
    const client = new pg.Client({ connectionString: handle.url });
    listener = client;
    client.on("notification", (message) => {
      if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
      // Keep the poll's view in step, so the same change is not reported twice.
      void poll();
    });
    client.on("error", (error) => {
      logger.warn({ err: error }, "change feed LISTEN connection failed; polling only");
      if (listener === client) listener = undefined;
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      logger.warn({ err: error }, "change feed could not LISTEN; polling only");
      if (listener === client) listener = undefined;
      await client.end().catch(() => {});
    }
  }

  function unlisten() {
    const client = listener;
    listener = undefined;
    void client?.end().catch(() => {});
  }
  let known: Partial<Record<Topic, number>> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  let again = false;
  async function poll(): Promise<void> {
    // A poll asked for while one runs (a NOTIFY that came in meanwhile) runs right after it.
    if (polling) {
      again = true;
      return;
    }
    polling = true;
    // A LISTEN connection lost (a database restart or failover) is opened again on the next poll.
    if (!listener && listeners.size > 0) void listen();
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
    if (again) {
      again = false;
      await poll();
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        void poll();
        void listen();
        timer = setInterval(() => void poll(), handle.dialect === "postgres" ? intervalMs * 5 : intervalMs);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
          known = undefined;
          unlisten();
        }
      };
    },
    close() {
      listeners.clear();
      if (timer) clearInterval(timer);
      timer = undefined;
      unlisten();
    },
  };
}
