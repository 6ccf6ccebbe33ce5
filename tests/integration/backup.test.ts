/**
 * Backup and restore (scripts/backup.ts, scripts/restore.ts) on SQLite and PostgreSQL: a backup taken while the
 * server serves writes is a consistent snapshot (the acknowledged writes form an unbroken prefix), the restore into a
 * new install holds exactly the rows of the archive's own database and the documents byte for byte, and a damaged,
 * altered or mismatched archive is refused with exit 1 and nothing changed.
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import SQLite from "better-sqlite3";
import { create as createTar, extract, Header } from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { childEnv } from "../support/child-env.ts";
import { postgresAvailable } from "../support/databases.ts";
import { Scratch } from "../support/scratch.ts";
import { freePort, runScript, startServer, type RunningServer, signInCookie, TEST_AUTH_SECRET } from "../support/server.ts";

const runFile = promisify(execFile);
const ADMIN = { email: "chair@example.org", password: "backup-password" };
const WRITER_BASE = 70_000;

const scratch = new Scratch("backup");
afterAll(() => scratch.cleanUp());
const tempDir = (prefix: string) => scratch.tempDir(prefix);
const emptyPostgresDatabase = () => scratch.emptyPostgresDatabase();

function signIn(url: string): Promise<string> {
  return signInCookie(url, ADMIN.email, ADMIN.password);
}

async function upload(url: string, cookie: string, name: string, bytes: Uint8Array): Promise<void> {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const response = await fetch(`${url}/admin/documents/upload`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json", Origin: url }, body: form });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { uploaded: string[] }).uploaded).toEqual([name]);
}

async function addMeasurement(url: string, cookie: string, value: number): Promise<number> {
  const response = await fetch(`${url}/admin/beach-measurements`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: url },
    body: new URLSearchParams({ intent: "add", date: "2025-07-01", value: String(value) }),
  });
  await response.body?.cancel();
  return response.status;
}

/** Path → SHA-256 of every file below `dir`: a fingerprint that shows any change. */
function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const rel = prefix + entry.name;
      if (entry.isDirectory()) walk(path.join(d, entry.name), `${rel}/`);
      else out[rel] = createHash("sha256").update(readFileSync(path.join(d, entry.name))).digest("hex");
    }
  };
  walk(dir, "");
  return out;
}

/** Every row of every table, each table's rows as sorted JSON lines. */
function sqliteRows(file: string): Record<string, string[]> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
    return Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}"`).all().map((r) => JSON.stringify(r)).sort()]));
  } finally {
    db.close();
  }
}

function sqliteIntegrity(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma("integrity_check", { simple: true }));
  } finally {
    db.close();
  }
}

/** The data of a pg_dump archive: per table, its COPY column list and its rows as sorted text lines. */
async function dumpRows(dump: string): Promise<Record<string, { columns: string; rows: string[] }>> {
  const { stdout } = await runFile("pg_restore", ["--data-only", "--file=-", dump], { env: childEnv(), maxBuffer: 256 * 1024 * 1024 });
  const out: Record<string, { columns: string; rows: string[] }> = {};
  let current: { columns: string; rows: string[] } | undefined;
  for (const line of stdout.split("\n")) {
    const header = /^COPY (\S+) \((.*)\) FROM stdin;$/.exec(line);
    if (header) out[header[1]!] = current = { columns: header[2]!, rows: [] };
    else if (line === "\\.") current = undefined;
    else if (current) current.rows.push(line);
  }
  for (const table of Object.values(out)) table.rows.sort();
  return out;
}

/** The same tables read back from a live database with COPY … TO STDOUT (the text format pg_dump writes). */
async function liveRows(url: string, tables: Record<string, { columns: string }>): Promise<Record<string, { columns: string; rows: string[] }>> {
  const out: Record<string, { columns: string; rows: string[] }> = {};
  for (const [table, { columns }] of Object.entries(tables)) {
    const { stdout } = await runFile("psql", ["--no-psqlrc", "-X", `--dbname=${url}`, "-c", `COPY ${table} (${columns}) TO STDOUT`], { env: childEnv(), maxBuffer: 256 * 1024 * 1024 });
    out[table] = { columns, rows: stdout.split("\n").filter((l) => l !== "").sort() };
  }
  return out;
}

/**
 * A backup archive with one more entry that a backup never has, written header by header (tar's own `create` cannot
 * make an entry such as "data/documents/."): the files unpacked in `dir` (manifest.json first), then `odd`. An odd
 * file is listed in the manifest with its size and SHA-256, so that only its name is wrong.
 */
function archiveWithEntry(dir: string, odd: { path: string; type: "File" | "Directory" }, out: string): void {
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { files: { path: string; size: number; sha256: string }[] };
  const entries: { path: string; type: "File" | "Directory"; bytes: Buffer }[] = Object.keys(fingerprint(dir))
    .filter((p) => p !== "manifest.json")
    .sort()
    .map((p) => ({ path: p, type: "File", bytes: readFileSync(path.join(dir, p)) }));
  const oddBytes = Buffer.from(odd.type === "File" ? "Motion carried.\n" : "");
  if (odd.type === "File") manifest.files.push({ path: odd.path, size: oddBytes.length, sha256: createHash("sha256").update(oddBytes).digest("hex") });
  entries.unshift({ path: "manifest.json", type: "File", bytes: Buffer.from(JSON.stringify(manifest)) });
  entries.push({ path: odd.path, type: odd.type, bytes: oddBytes });
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const header = new Header({ path: entry.path, type: entry.type, mode: entry.type === "File" ? 0o600 : 0o700, size: entry.bytes.length, mtime: new Date() });
    header.encode();
    blocks.push(header.block!, entry.bytes, Buffer.alloc((512 - (entry.bytes.length % 512)) % 512));
  }
  writeFileSync(out, gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)])));
}

/** Writer values (WRITER_BASE + i) present in a list of measurement values. */
function writerIndexes(values: number[]): number[] {
  return values.filter((v) => v >= WRITER_BASE && v < WRITER_BASE + 100_000).map((v) => v - WRITER_BASE).sort((a, b) => a - b);
}

const FILES = [
  { name: "Minutes 2025.txt", bytes: new TextEncoder().encode("Annual meeting minutes\nMotion carried.\n") },
  { name: "Lake report.pdf", bytes: new Uint8Array([...new TextEncoder().encode("%PDF-1.4\n"), ...randomBytes(600_000), ...new TextEncoder().encode("\n%%EOF\n")]) },
  // A binary document kept byte for byte (pictures are re-encoded without their metadata since issue 28).
  { name: "Readings.xlsx", bytes: new Uint8Array(readFileSync(path.join(import.meta.dirname, "../fixtures/documents/readings.xlsx"))) },
];

describe.each(["sqlite", "postgres"] as const)("backup and restore on %s", (dialect) => {
  it("backs up while the server writes, restores exactly the archive's snapshot, and refuses bad archives", { timeout: 180_000 }, async ({ skip }) => {
    if (dialect === "postgres" && !(await postgresAvailable())) skip("PostgreSQL is not reachable");
    const sourceDir = tempDir("shoreline-backup-src-");
    const sourceDb: Record<string, string> = dialect === "postgres" ? { DATABASE_URL: await emptyPostgresDatabase(), AUTH_SECRET: TEST_AUTH_SECRET } : {};
    const sourceEnv = { DATA_DIR: sourceDir, ...sourceDb };
    const server: RunningServer = await startServer({ ...sourceEnv, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    scratch.onCleanUp(async () => {
      if (server.process.exitCode === null) await server.stop("SIGKILL");
    });
    const cookie = await signIn(server.url);
    for (const file of FILES) await upload(server.url, cookie, file.name, file.bytes);

    // A writer adds measurements one after another while the backup runs.
    const acknowledged: number[] = [];
    let writing = true;
    let backupRunning = false;
    let duringBackup = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const status = await addMeasurement(server.url, cookie, WRITER_BASE + i);
        if (status !== 302) throw new Error(`write ${i} answered ${status}`);
        acknowledged.push(i);
        if (backupRunning) duringBackup++;
      }
    })();
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 10));

    const archive = path.join(tempDir("shoreline-backup-out-"), "site.tar.gz");
    const ackedBefore = acknowledged.length;
    backupRunning = true;
    const backup = await runScript("scripts/backup.ts", [archive], sourceEnv);
    backupRunning = false;
    const ackedAfter = acknowledged.length;
    while (acknowledged.length < ackedAfter + 5) await new Promise((r) => setTimeout(r, 10));
    writing = false;
    await writer;
    expect(backup.output).toContain(`Backup written: ${archive}`);
    expect(backup.code).toBe(0);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(archive))).toEqual(["site.tar.gz"]);
    expect(readdirSync(path.join(sourceDir, "backups"))).toEqual([]);

    // While the server runs, a restore is refused.
    const port = String(new URL(server.url).port);
    const whileUp = await runScript("scripts/restore.ts", [archive], { ...sourceEnv, PORT: port });
    expect(whileUp.code).toBe(1);
    expect(whileUp.output).toContain("A server answers at");

    expect(await server.stop()).toBe(0);

    // The archive: a manifest, the database copy, the secret, the three documents; never backups/ or mail/.
    const unpacked = tempDir("shoreline-backup-unpacked-");
    await extract({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(readFileSync(path.join(unpacked, "manifest.json"), "utf8")) as {
      dialect: string;
      database: { file: string; tables: Record<string, number>; migrations: string[] };
      files: { path: string; size: number; sha256: string }[];
    };
    expect(manifest.dialect).toBe(dialect);
    expect(manifest.database.migrations).toContain("0001-initial");
    const archived = Object.keys(fingerprint(unpacked)).sort();
    expect(archived.filter((p) => !p.startsWith("data/documents/") && !p.startsWith("data/images/"))).toEqual(
      // On PostgreSQL the session secret is AUTH_SECRET (required there), not a file of the install.
      (dialect === "sqlite" ? ["data/auth-secret", "database/shoreline.db", "manifest.json"] : ["database/shoreline.pgdump", "manifest.json"]).sort(),
    );
    expect(archived.filter((p) => p.startsWith("data/documents/"))).toEqual(readdirSync(path.join(sourceDir, "documents")).map((f) => `data/documents/${f}`).sort());
    // The demo's pictures too, every WebP variant.
    const sourceImages = readdirSync(path.join(sourceDir, "images")).sort();
    expect(sourceImages.length).toBeGreaterThan(0);
    expect(archived.filter((p) => p.startsWith("data/images/"))).toEqual(sourceImages.map((f) => `data/images/${f}`));
    for (const file of manifest.files) {
      expect(createHash("sha256").update(readFileSync(path.join(unpacked, file.path))).digest("hex"), file.path).toBe(file.sha256);
    }

    // A consistent snapshot: the writer's rows in it are an unbroken run from the first, holding at least every write
    // acknowledged before the backup started and at most those acknowledged by its end (+1 in flight).
    let snapshotValues: number[];
    let documentIds: Record<string, string>;
    if (dialect === "sqlite") {
      const snapshot = sqliteRows(path.join(unpacked, "database/shoreline.db"));
      snapshotValues = snapshot.measurement!.map((r) => (JSON.parse(r) as { value: number }).value);
      documentIds = Object.fromEntries(snapshot.document!.map((r) => JSON.parse(r) as { id: string; displayName: string }).map((d) => [d.displayName, d.id]));
    } else {
      const snapshot = await dumpRows(path.join(unpacked, "database/shoreline.pgdump"));
      const m = snapshot["public.measurement"]!;
      const valueAt = m.columns.split(", ").indexOf("value");
      snapshotValues = m.rows.map((r) => Number(r.split("\t")[valueAt]));
      const d = snapshot["public.document"]!;
      const cols = d.columns.split(", ");
      documentIds = Object.fromEntries(d.rows.map((r) => r.split("\t")).map((f) => [f[cols.indexOf('"displayName"')]!, f[cols.indexOf("id")]!]));
    }
    const inSnapshot = writerIndexes(snapshotValues);
    expect(inSnapshot).toEqual(inSnapshot.map((_, i) => i));
    expect(inSnapshot.length).toBeGreaterThanOrEqual(ackedBefore);
    expect(inSnapshot.length).toBeLessThanOrEqual(ackedAfter + 1);
    expect(manifest.database.tables.measurement).toBe(snapshotValues.length);
    expect(Object.keys(documentIds).sort()).toEqual(FILES.map((f) => f.name).sort());

    // Restore into a new install.
    const targetDir = tempDir("shoreline-backup-dst-");
    const targetUrl = dialect === "postgres" ? await emptyPostgresDatabase() : "";
    const targetDb: Record<string, string> = targetUrl ? { DATABASE_URL: targetUrl, AUTH_SECRET: TEST_AUTH_SECRET } : {};
    const targetEnv = { DATA_DIR: targetDir, PORT: String(await freePort()), ...targetDb };
    const restored = await runScript("scripts/restore.ts", [archive], targetEnv);
    expect(restored.output).toContain("Restored the");
    expect(restored.code).toBe(0);
    expect(readdirSync(targetDir).sort()).toEqual(["documents", "images", ...(dialect === "sqlite" ? ["auth-secret", "shoreline.db"] : [])].sort());
    expect(readdirSync(path.join(targetDir, "images")).sort()).toEqual(sourceImages);

    // Every table's rows identical to the archive's own database.
    if (dialect === "sqlite") {
      const restoredFile = path.join(targetDir, "shoreline.db");
      expect(sqliteIntegrity(restoredFile)).toBe("ok");
      const restoredRows = sqliteRows(restoredFile);
      expect(restoredRows).toEqual(sqliteRows(path.join(unpacked, "database/shoreline.db")));
      expect(Object.fromEntries(Object.entries(restoredRows).map(([t, rows]) => [t, rows.length]))).toEqual(manifest.database.tables);
    } else {
      const expected = await dumpRows(path.join(unpacked, "database/shoreline.pgdump"));
      expect(Object.keys(expected)).toContain("public.measurement");
      expect(await liveRows(targetUrl, expected)).toEqual(expected);
      expect(Object.fromEntries(Object.entries(expected).map(([t, { rows }]) => [t.replace(/^public\./, "").replaceAll('"', ""), rows.length]))).toEqual(manifest.database.tables);
    }
    // Documents byte for byte, and the secret.
    for (const file of FILES) {
      expect(Buffer.compare(readFileSync(path.join(targetDir, "documents", documentIds[file.name]!)), Buffer.from(file.bytes)), file.name).toBe(0);
    }
    if (dialect === "sqlite") expect(readFileSync(path.join(targetDir, "auth-secret"), "utf8")).toBe(readFileSync(path.join(sourceDir, "auth-secret"), "utf8"));

    // The restored install runs: pages, documents, and the administrator's session from before the backup.
    const again = await startServer({ DATA_DIR: targetDir, ...targetDb });
    try {
      expect(await (await fetch(`${again.url}/healthz`)).text()).toBe("ok");
      expect(await (await fetch(again.url)).text()).toContain("Board elections at the annual meeting");
      const pdf = await fetch(`${again.url}/documents/${documentIds["Lake report.pdf"]}`);
      expect(pdf.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await pdf.arrayBuffer()), Buffer.from(FILES[1]!.bytes))).toBe(0);
      const admin = await fetch(`${again.url}/admin/beach-measurements`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(admin.status).toBe(200);
      // The admin list shows one page, in its own order: some of the writer's readings are on it, whichever.
      const page = await admin.text();
      expect(inSnapshot.some((i) => page.includes(String(WRITER_BASE + i)))).toBe(true);
    } finally {
      expect(await again.stop()).toBe(0);
    }

    // Damaged, altered or mismatched archives: exit 1, and the install is left exactly as it was.
    const bad = tempDir("shoreline-backup-bad-");
    const whole = readFileSync(archive);
    const truncated = path.join(bad, "truncated.tar.gz");
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const flipped = path.join(bad, "flipped.tar.gz");
    const flippedBytes = Buffer.from(whole);
    flippedBytes[Math.floor(whole.length / 2)]! ^= 0xff;
    writeFileSync(flipped, flippedBytes);
    const garbage = path.join(bad, "garbage.tar.gz");
    writeFileSync(garbage, randomBytes(4096));
    // A well-formed archive whose document was altered after the backup: only the checksum can tell.
    const altered = path.join(bad, "altered.tar.gz");
    const alteredDir = path.join(bad, "altered");
    mkdirSync(alteredDir);
    await extract({ file: archive, cwd: alteredDir });
    const txt = path.join(alteredDir, "data/documents", documentIds["Minutes 2025.txt"]!);
    writeFileSync(txt, readFileSync(txt, "utf8").replace("carried", "failed!"));
    await createTar({ gzip: true, cwd: alteredDir, file: altered }, readdirSync(alteredDir));

    const before = fingerprint(targetDir);
    const countBefore = dialect === "postgres" ? (await liveRows(targetUrl, { "public.measurement": { columns: "id" } }))["public.measurement"]!.rows.length : 0;
    // Entries a backup never has, whose unpacking would meet a folder of the same name or leave the folder: refused
    // by name while the archive is checked, before anything is unpacked.
    const documentId = documentIds["Minutes 2025.txt"]!;
    const oddEntries: [string, { path: string; type: "File" | "Directory" }, string][] = [
      ['entry "data/documents/."', { path: "data/documents/.", type: "File" }, `"data/documents/." (a file whose name is not a stored document's)`],
      ['entry "data/documents/.."', { path: "data/documents/..", type: "File" }, `"data/documents/.." (a file whose name is not a stored document's)`],
      ["a folder named like a document", { path: `data/documents/${documentId}/`, type: "Directory" }, `"data/documents/${documentId}/" (a folder where a backup has a file)`],
      ["a document in an unnamed folder", { path: `data/documents//${documentId}`, type: "File" }, `"data/documents//${documentId}" (a file a backup never has)`],
    ];
    const cases: [string, string, Record<string, string>, string | string[]][] = [
      ["truncated", truncated, targetEnv, "damaged or truncated"],
      ["flipped byte", flipped, targetEnv, "damaged or truncated"],
      ["not an archive", garbage, targetEnv, "not a readable backup archive"],
      ["altered document", altered, targetEnv, "does not match its SHA-256 checksum"],
      ...oddEntries.map(([label, entry, message], i): [string, string, Record<string, string>, string | string[]] => {
        const file = path.join(bad, `odd-${i}.tar.gz`);
        archiveWithEntry(unpacked, entry, file);
        return [label, file, targetEnv, `holds entries a Shoreline backup never has: ${message}`];
      }),
      [
        "other database kind",
        archive,
        dialect === "sqlite" ? { ...targetEnv, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" } : { ...targetEnv, DATABASE_URL: "" },
        dialect === "sqlite" ? "holds a SQLite database, but this install is configured for PostgreSQL" : "holds a PostgreSQL database, but this install is configured for SQLite",
      ],
    ];
    // The same rule on both back ends: an install that holds anything is replaced only with --force. The refusal says
    // what is there and how to go on.
    cases.push(
      [
        "install not empty",
        archive,
        targetEnv,
        [
          `This install is not empty: its ${dialect === "sqlite" ? "SQLite" : "PostgreSQL"} database has`,
          `measurements: ${manifest.database.tables.measurement}, members: ${manifest.database.tables.member}`,
          `${targetDir} holds ${FILES.length} document files and ${sourceImages.length} picture files`,
          `or add --force to replace it (a copy of what is there is then written to ${path.join(targetDir, "backups")} first)`,
        ],
      ],
      ["missing file", path.join(bad, "nothing.tar.gz"), targetEnv, "There is no file"],
    );
    for (const [label, file, env, messages] of cases) {
      const result = await runScript("scripts/restore.ts", [file], env);
      expect(result.code, `${label}: ${result.output}`).toBe(1);
      for (const message of [messages].flat()) expect(result.output, label).toContain(message);
      expect(result.output, label).toContain("Nothing was changed.");
      expect(fingerprint(targetDir), label).toEqual(before);
    }
    // With --force the install is first kept as an archive in backups/; where that cannot be written (here backups
    // is a file), nothing is restored.
    writeFileSync(path.join(targetDir, "backups"), "not a folder\n");
    const noCopy = await runScript("scripts/restore.ts", ["--force", archive], targetEnv);
    expect(noCopy.code, noCopy.output).toBe(1);
    expect(noCopy.output).toContain("Could not keep a copy of this install before replacing it");
    expect(noCopy.output).toContain("Nothing was changed.");
    rmSync(path.join(targetDir, "backups"));
    expect(fingerprint(targetDir)).toEqual(before);
    if (dialect === "postgres") {
      expect((await liveRows(targetUrl, { "public.measurement": { columns: "id" } }))["public.measurement"]!.rows.length).toBe(countBefore);
    }
    expect(existsSync(path.join(targetDir, "shoreline.db-wal"))).toBe(false);

    // Back over the original install (server stopped) with --force: its later writes are undone (a PostgreSQL
    // database is emptied and loaded in one transaction), and what it held is first kept as an archive.
    const overEnv = { ...sourceEnv, PORT: targetEnv.PORT };
    const archivedTables = dialect === "postgres" ? await dumpRows(path.join(unpacked, "database/shoreline.pgdump")) : {};
    /** Every table's rows, by table name, of an install's SQLite file or PostgreSQL database. */
    const installRows = async (dir: string, url: string): Promise<Record<string, string[]>> =>
      dialect === "sqlite"
        ? sqliteRows(path.join(dir, "shoreline.db"))
        : Object.fromEntries(Object.entries(await liveRows(url, archivedTables)).map(([table, { rows }]) => [table.replace(/^public\./, ""), rows]));
    const rowsBefore = await installRows(sourceDir, sourceDb.DATABASE_URL!);
    const documentsBefore = fingerprint(path.join(sourceDir, "documents"));
    const measurementsBefore = rowsBefore.measurement!.length;
    expect(measurementsBefore, "the install holds writes made after the backup").toBeGreaterThan(snapshotValues.length);
    const over = await runScript("scripts/restore.ts", ["--force", archive], overEnv);
    expect(over.code, over.output).toBe(0);
    const kept = /Kept a copy of the install as it was: (\S+)/.exec(over.output)?.[1];
    expect(kept, over.output).toBeDefined();
    expect(path.dirname(kept!)).toBe(path.join(sourceDir, "backups"));
    expect(path.basename(kept!)).toMatch(/^shoreline-before-restore-\d{8}-\d{6}\.tar\.gz$/);
    expect(statSync(kept!).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(sourceDir, "backups"))).toEqual([path.basename(kept!)]);
    expect(readdirSync(sourceDir).filter((f) => f.startsWith(".restore")), "no leftovers").toEqual([]);
    expect(readdirSync(path.join(sourceDir, "documents")).sort()).toEqual(Object.values(documentIds).sort());
    if (dialect === "sqlite") {
      expect(existsSync(path.join(sourceDir, "shoreline.db-wal"))).toBe(false);
      expect(sqliteRows(path.join(sourceDir, "shoreline.db"))).toEqual(sqliteRows(path.join(unpacked, "database/shoreline.db")));
    } else {
      expect(await liveRows(sourceDb.DATABASE_URL!, archivedTables)).toEqual(archivedTables);
    }

    // The kept copy is the install as it was: restored into a new install, it holds the rows and documents that the
    // forced restore replaced.
    const undoDir = tempDir("shoreline-backup-undo-");
    const undoUrl = dialect === "postgres" ? await emptyPostgresDatabase() : "";
    const undo = await runScript("scripts/restore.ts", [kept!], { DATA_DIR: undoDir, PORT: targetEnv.PORT, ...(undoUrl ? { DATABASE_URL: undoUrl, AUTH_SECRET: TEST_AUTH_SECRET } : {}) });
    expect(undo.code, undo.output).toBe(0);
    expect(await installRows(undoDir, undoUrl)).toEqual(rowsBefore);
    expect(fingerprint(path.join(undoDir, "documents"))).toEqual(documentsBefore);

    console.log(
      [
        `backup/restore on ${dialect}:`,
        `  archive ${statSync(archive).size} bytes, ${manifest.files.length} files; ${snapshotValues.length} measurements in the snapshot`,
        `  writes acknowledged: ${ackedBefore} before the backup, ${duringBackup} while it ran, ${acknowledged.length} in all`,
        `  restored rows identical to the archive's database; ${FILES.length} documents identical byte for byte`,
        `  refused with nothing changed: ${cases.map((c) => c[0]).join(", ")}`,
        `  over the old install with --force: ${measurementsBefore} measurements kept in ${path.basename(kept!)} (${statSync(kept!).size} bytes), restored from it into a new install`,
      ].join("\n"),
    );
  });
});
