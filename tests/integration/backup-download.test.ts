/**
 * Settings → Backup's download (issue 28, decision 038) on SQLite and PostgreSQL, through the built server: the
 * archive comes as a stream (chunked, no Content-Length, an attachment named shoreline-YYYYMMDD-HHMMSS.tar.gz), is the
 * same kind of archive as `npm run backup` writes (its manifest lists the live install's migrations and documents),
 * and `npm run restore` puts it into a new, empty install of the same kind; a download cancelled half-way leaves
 * nothing behind under $DATA_DIR/backups; a guest is sent to sign in. (The Editor's refusal, and the download in
 * Chromium, are in tests/e2e/contact-backup.spec.ts; the CLI's own archive in backup.test.ts.)
 */
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { list as listTar } from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../support/databases.ts";
import { Scratch } from "../support/scratch.ts";
import { freePort, runScript, signInCookie, startServer, TEST_AUTH_SECRET, type RunningServer } from "../support/server.ts";

const ADMIN = { email: "chair@example.org", password: "backup-download-password" };
const scratch = new Scratch("download");
afterAll(() => scratch.cleanUp());
const tempDir = (prefix: string) => scratch.tempDir(prefix);
const emptyPostgresDatabase = () => scratch.emptyPostgresDatabase();

describe.each(["sqlite", "postgres"] as const)("the backup download on %s", (dialect) => {
  it("streams the archive, which npm run restore accepts; a cancelled download leaves nothing; a guest is sent to sign in", { timeout: 180_000 }, async ({ skip }) => {
    if (dialect === "postgres" && !(await postgresAvailable())) skip("PostgreSQL is not reachable");
    const sourceDir = tempDir("shoreline-download-src-");
    const sourceDb: Record<string, string> = dialect === "postgres" ? { DATABASE_URL: await emptyPostgresDatabase(), AUTH_SECRET: TEST_AUTH_SECRET } : {};
    const server: RunningServer = await startServer({ DATA_DIR: sourceDir, ...sourceDb, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    scratch.onCleanUp(async () => {
      if (server.process.exitCode === null) await server.stop("SIGKILL");
    });
    const download = `${server.url}/admin/settings/backup/download`;

    const guest = await fetch(download, { redirect: "manual" });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent("/admin/settings/backup/download")}`);

    const cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
    const response = await fetch(download, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const disposition = response.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="shoreline-\d{8}-\d{6}\.tar\.gz"$/);
    // Streamed as it is packed: no length known in advance.
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    const archive = path.join(tempDir("shoreline-download-out-"), /filename="(.+)"/.exec(disposition)![1]!);
    writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    const entries: string[] = [];
    await listTar({ file: archive, onReadEntry: (e) => entries.push(e.path) });
    expect(entries[0]).toBe("manifest.json");
    expect(entries).toContain(dialect === "sqlite" ? "database/shoreline.db" : "database/shoreline.pgdump");
    expect(entries.some((e) => e.startsWith("data/images/"))).toBe(true);
    await expect.poll(() => readdirSync(path.join(sourceDir, "backups"))).toEqual([]);

    // A download the browser gives up half-way: the staging folder goes too.
    const controller = new AbortController();
    const partial = await fetch(download, { headers: { Cookie: cookie }, signal: controller.signal });
    const reader = partial.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => undefined);
    await expect.poll(() => readdirSync(path.join(sourceDir, "backups")), { timeout: 10_000 }).toEqual([]);

    expect(await server.stop()).toBe(0);

    // Restored by the command into a new, empty install of the same kind.
    const targetDir = tempDir("shoreline-download-dst-");
    const targetDb: Record<string, string> = dialect === "postgres" ? { DATABASE_URL: await emptyPostgresDatabase(), AUTH_SECRET: TEST_AUTH_SECRET } : {};
    const restore = await runScript("scripts/restore.ts", [archive], { DATA_DIR: targetDir, ...targetDb, PORT: String(await freePort()) });
    expect(restore.output).toContain("Restored the");
    expect(restore.code).toBe(0);
    const again = await startServer({ DATA_DIR: targetDir, ...targetDb });
    try {
      expect(await (await fetch(`${again.url}/healthz`)).text()).toBe("ok");
      // The administrator's session from before the backup still opens the admin.
      expect((await fetch(`${again.url}/admin/settings/backup`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });
});
