/**
 * "Delete selected" and search on the admin lists (issue 26), on SQLite and PostgreSQL: each list's bulk delete
 * removes exactly the rows named (ids it does not know are skipped), in one transaction with its change counter
 * bumped once; readings go through `deleteReadings`, which queues one beach alert at most for the batch; events
 * leave their tombstones, documents their bytes gone, a board list never touches another list's entries. A search
 * (`q`) finds rows by their shown text whatever the case, and takes `%` and `_` as themselves.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/data/db.server.ts";
import { getVersions, type Topic } from "#app/platform/data/changes.server.ts";
import type { Storage } from "#app/platform/files/storage.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import type { ListQuery } from "#app/platform/http/list-query.ts";
import { createNewsPost, deleteNewsPosts, NEWS_SORTS, pageNews } from "#app/news-events/data/news.server.ts";
import { createEvent, deleteEvents, listEventTombstones, pageEvents, EVENT_SORTS } from "#app/news-events/data/events.server.ts";
import { addDocument, deleteDocuments, DOCUMENT_SORTS, pageDocuments } from "#app/documents/data/documents.server.ts";
import { listMeasurements, MEASUREMENT_SORTS, pageMeasurements } from "#app/beach/data/readings.server.ts";
import { deleteReadings, importReadings, recordReading } from "#app/beach/updates.server.ts";
import { addMembers, deleteMembers, MEMBER_SORTS, pageMembers } from "#app/mail/data/members.server.ts";
import { confirmSubscriber, deleteSubscribers, requestSubscription } from "#app/mail/data/subscribers.server.ts";
import { boardMembers, questions } from "#app/site/data/site-content.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

/** Noon UTC on 2026-07-10: the same calendar day in the demo's Chicago time zone. */
const NOW = Date.UTC(2026, 6, 10, 17);

function query<S extends string>(sorts: readonly [S, ...S[]], q?: string): ListQuery<S> {
  return { page: 1, sort: sorts[0], defaultSort: sorts[0], ...(q ? { q } : {}) };
}

/** Runs `write` and says how much it moved `topic`'s change counter. */
async function bumps<T>(db: Database, topic: Topic, write: () => Promise<T>): Promise<{ result: T; bumped: number }> {
  const before = (await getVersions(db))[topic] ?? 0;
  const result = await write();
  return { result, bumped: ((await getVersions(db))[topic] ?? 0) - before };
}

/** The beach alerts queued so far, oldest first. */
async function beachAlerts(db: Database): Promise<string[]> {
  const rows = await db.selectFrom("outbox_message").select(["subject", "createdAt"]).where("list", "=", "beach").orderBy("createdAt").execute();
  return rows.map((r) => r.subject);
}

describe.each(backends)("bulk delete and search on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  async function setUp(context: { skip: (note?: string) => never }): Promise<Database> {
    if (!(await available())) context.skip("PostgreSQL is not available here");
    database = await create();
    return database.db;
  }

  it("news posts: the ids named go, one change signal; unknown ids are skipped; none named changes nothing", async (context) => {
    const db = await setUp(context);
    const posts: { id: string }[] = [];
    for (const title of ["Dock repairs", "Annual meeting", "Loon count", "Fish fry"]) {
      posts.push(await createNewsPost(db, { title, text: "", date: "2026-07-01", author: "Chair" }, null, NOW));
    }
    const { result, bumped } = await bumps(db, "news", () => deleteNewsPosts(db, [posts[0]!.id, posts[2]!.id, "no-such-id"]));
    expect(result).toBe(2);
    expect(bumped).toBe(1);
    expect((await pageNews(db, query(NEWS_SORTS))).rows.map((p) => p.title).sort()).toEqual(["Annual meeting", "Fish fry"]);
    expect(await bumps(db, "news", () => deleteNewsPosts(db, []))).toEqual({ result: 0, bumped: 0 });
  });

  it("events: each deleted event leaves its tombstone for the calendar, in one transaction", async (context) => {
    const db = await setUp(context);
    const input = { date: "2026-08-01", startTime: "18:00", timeDetails: "", place: "Pavilion", eventDetails: "", author: "Chair" };
    const events: { id: string }[] = [];
    for (const title of ["Picnic", "Regatta", "Fireworks"]) events.push(await createEvent(db, { ...input, title }, null, NOW));
    const { result, bumped } = await bumps(db, "events", () => deleteEvents(db, events.slice(0, 2).map((e) => e.id), NOW + 1));
    expect(result).toBe(2);
    expect(bumped).toBe(1);
    expect((await pageEvents(db, query(EVENT_SORTS))).rows.map((e) => e.title)).toEqual(["Fireworks"]);
    const tombstones = await listEventTombstones(db, { since: NOW });
    expect(tombstones.map((t) => t.title).sort()).toEqual(["Picnic", "Regatta"]);
    expect(tombstones.every((t) => t.sequence === 1 && t.deletedAt === NOW + 1)).toBe(true);
  });

  it("documents: the records go in one transaction, then their bytes", async (context) => {
    const db = await setUp(context);
    const removed: string[] = [];
    const storage: Storage = { put: async () => {}, get: async () => undefined, remove: async (id) => void removed.push(id), list: async () => [], sweep: async () => 0, check: async () => {} };
    for (const [i, name] of ["Minutes May", "Minutes June", "Budget"].entries()) {
      await addDocument(db, storage, { id: `${1_767_312_000_000 + i}.pdf`, displayName: name, contentType: "application/pdf", bytes: new Uint8Array(3) }, NOW);
    }
    const { result, bumped } = await bumps(db, "documents", () => deleteDocuments(db, storage, ["1767312000000.pdf", "1767312000002.pdf", "1767312000009.pdf"]));
    expect(result).toBe(2);
    expect(bumped).toBe(1);
    expect(removed.sort()).toEqual(["1767312000000.pdf", "1767312000002.pdf"]);
    expect((await pageDocuments(db, query(DOCUMENT_SORTS))).rows.map((d) => d.displayName)).toEqual(["Minutes June"]);
  });

  it("readings: deleted together through deleteReadings, one alert at most for the state they leave", async (context) => {
    const db = await setUp(context);
    const { subscriber } = await requestSubscription(db, { email: "swimmer@example.org", lists: ["beach"], ip: "198.51.100.7" });
    await confirmSubscriber(db, subscriber.id);
    let kicks = 0;
    const services = { db, logger: createLogger("silent"), config: { publicUrl: "https://heronlake.example.org" }, outbox: { kick: () => void kicks++ } };
    await recordReading(services, { date: "2026-07-07", value: 20 }, NOW);
    await importReadings(services, [{ date: "2026-07-08", value: 1500 }, { date: "2026-07-09", value: 1800 }, { date: "2026-07-10", value: 2000 }], NOW + 1);
    expect(await beachAlerts(db)).toEqual(["Beach status at Heron Lake Public Beach: Closed"]);
    const closed = (await listMeasurements(db)).filter((m) => m.value >= 1000).map((m) => m.id);
    expect(closed).toHaveLength(3);

    const { result, bumped } = await bumps(db, "measurements", () => deleteReadings(services, closed, NOW + 2));
    expect(result).toEqual({ deleted: 3, alerted: 1 });
    expect(bumped).toBe(1);
    // Three Closed readings gone at once: one alert, for the Open reading left.
    expect(await beachAlerts(db)).toEqual(["Beach status at Heron Lake Public Beach: Closed", "Beach status at Heron Lake Public Beach: Open"]);
    expect((await listMeasurements(db)).map((m) => m.value)).toEqual([20]);
    // Nothing that changes the state, no alert.
    expect(await deleteReadings(services, ["no-such-id"], NOW + 3)).toEqual({ deleted: 0, alerted: null });
    expect(await beachAlerts(db)).toHaveLength(2);
  });

  it("board lists: only this list's entries go, one change signal, and the entries come back for their pictures", async (context) => {
    const db = await setUp(context);
    const chair = await boardMembers.create(db, { name: "Ellen", title: "Chair", photoId: "photo-1" }, "a@example.org", NOW);
    const treasurer = await boardMembers.create(db, { name: "Ruth", title: "Treasurer", photoId: null }, "a@example.org", NOW);
    const question = await questions.create(db, { question: "Can I swim?", answer: "Yes." }, "a@example.org", NOW);
    const { result, bumped } = await bumps(db, "site", () => boardMembers.removeMany(db, [chair.id, question.id]));
    expect(result.map((m) => m.data)).toEqual([{ name: "Ellen", title: "Chair", photoId: "photo-1" }]);
    expect(bumped).toBe(1);
    expect((await boardMembers.all(db)).map((m) => m.id)).toEqual([treasurer.id]);
    expect((await questions.all(db)).map((q) => q.id)).toEqual([question.id]);
  });

  it("members and subscribers: the ids named go", async (context) => {
    const db = await setUp(context);
    const members = await addMembers(db, "a@example.org, b@example.org, c@example.org", NOW);
    const { result, bumped } = await bumps(db, "members", () => deleteMembers(db, members.slice(0, 2).map((m) => m.id)));
    expect(result).toBe(2);
    expect(bumped).toBe(1);
    expect((await pageMembers(db, query(MEMBER_SORTS))).rows.map((m) => m.email)).toEqual(["c@example.org"]);

    const ids: string[] = [];
    for (const email of ["x@example.org", "y@example.org"]) ids.push((await requestSubscription(db, { email, lists: ["news"], ip: "198.51.100.7" })).subscriber.id);
    expect(await deleteSubscribers(db, [...ids, "no-such-id"])).toBe(2);
    expect(await db.selectFrom("subscriber").select("id").execute()).toEqual([]);
  });

  it("a search finds rows by their shown text, whatever the case, with % and _ taken as themselves, and pages them", async (context) => {
    const db = await setUp(context);
    for (const [title, author] of [["Dock repairs at 50% done", "Chair"], ["Annual MEETING", "Secretary"], ["Loon count", "dock_master"], ["Fish fry", "Treasurer"]] as const) {
      await createNewsPost(db, { title, text: "", date: "2026-07-01", author }, null, NOW);
    }
    const titles = async (q: string) => (await pageNews(db, query(NEWS_SORTS, q))).rows.map((p) => p.title).sort();
    expect(await titles("dock")).toEqual(["Dock repairs at 50% done", "Loon count"]);
    expect(await titles("meeting")).toEqual(["Annual MEETING"]);
    expect(await titles("50%")).toEqual(["Dock repairs at 50% done"]);
    expect(await titles("%")).toEqual(["Dock repairs at 50% done"]);
    expect(await titles("k_m")).toEqual(["Loon count"]);
    expect(await titles("zzz")).toEqual([]);
    const page = await pageNews(db, query(NEWS_SORTS, "DOCK"));
    expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1, q: "DOCK" });

    await createEvent(db, { title: "Regatta", date: "2026-08-01", startTime: "", timeDetails: "", place: "North Dock", eventDetails: "", author: "Chair" }, null, NOW);
    expect((await pageEvents(db, query(EVENT_SORTS, "north"))).rows.map((e) => e.title)).toEqual(["Regatta"]);
    await addMembers(db, "heron@example.org, loon@example.org", NOW);
    expect((await pageMembers(db, query(MEMBER_SORTS, "HERON"))).rows.map((m) => m.email)).toEqual(["heron@example.org"]);
    const services = { db, logger: createLogger("silent"), config: { publicUrl: "https://heronlake.example.org" }, outbox: { kick: () => {} } };
    await importReadings(services, [{ date: "2026-05-03", value: 10 }, { date: "2026-06-03", value: 12 }], NOW);
    expect((await pageMeasurements(db, query(MEASUREMENT_SORTS, "2026-05"))).rows.map((m) => m.date)).toEqual(["2026-05-03"]);
    await questions.create(db, { question: "Do I need a fishing license?", answer: "Yes." }, "a@example.org", NOW);
    await questions.create(db, { question: "Where is the boat launch?", answer: "Fishing pier." }, "a@example.org", NOW);
    // The answer is not shown in the list, so it is not searched.
    expect((await questions.page(db, { page: 1, sort: "order", defaultSort: "order", q: "FISHING" })).rows.map((q) => q.data.question)).toEqual(["Do I need a fishing license?"]);
  });
});
