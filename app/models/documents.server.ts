/** Document metadata (spec §3). The bytes live in the storage back end under the same id. */
import type { DocumentRecord } from "../../db/schema.ts";
import type { Database } from "../lib/db.server.ts";

export type { DocumentRecord };

/** Every document, newest first. */
export async function listDocuments(db: Database): Promise<DocumentRecord[]> {
  return db.selectFrom("document").selectAll().orderBy("created", "desc").execute();
}

export async function getDocument(db: Database, id: string): Promise<DocumentRecord | undefined> {
  return db.selectFrom("document").selectAll().where("id", "=", id).executeTakeFirst();
}
