/**
 * Mail settings without a shell (issue 26, point 7) over real databases and real SMTP servers:
 * - on SQLite and PostgreSQL alike, the outbox worker of a running process sends through what Settings → Email
 *   saved, from the next message on, without being made again: files before anything is saved (an install that
 *   never saved mail settings), the saved SMTP server (with its login, the password sealed in the row) after, and a
 *   second instance on the same database follows a save made by the first;
 * - a server started with SMTP_URL and MAIL_FROM shows them read-only on the screen, warns of nothing, keeps them
 *   over a submitted save, and sends its test message through them.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "#app/platform/data/db.server.ts";
import { getSetting } from "#app/platform/data/settings.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { createMailer, type Mailer } from "#app/platform/mail/mailer.server.ts";
import { createOutboxWorker } from "#app/mail/outbox.server.ts";
import { queueNotice } from "#app/mail/data/outbox.server.ts";
import { SMTP_PASSWORD_KEY } from "#app/mail/data/mail-settings.server.ts";
import { mailRouteSource, saveMailSettingsForm, type MailConfig } from "#app/mail/mail-settings.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp.ts";

const SECRET = "mail-settings-test-secret-0123456789abcdef";
const CONFIG: MailConfig = { smtpUrl: undefined, mailFrom: undefined, authSecret: SECRET };
const LOGIN = { user: "board@heronlake.example.org", password: "correct horse battery" };
const logger = createLogger("silent");
const notice = (subject: string) => ({ subject, text: `${subject}: the text`, html: `<p>${subject}</p>`, createdBy: "system" });

/** The form as Settings → Email submits it, pointing at `sink`. */
function formFor(sink: SmtpSink, overrides: Partial<Parameters<typeof saveMailSettingsForm>[2]> = {}) {
  return {
    host: "127.0.0.1",
    port: Number(new URL(sink.url).port),
    security: "none" as const,
    user: LOGIN.user,
    password: LOGIN.password,
    fromAddress: "board@heronlake.example.org",
    fromName: "",
    testTo: "",
    ...overrides,
  };
}

describe.each(backends)("the outbox follows Settings → Email on $name", ({ name, create, available }) => {
  let skip = false;
  const cleanUps: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    skip = !(await available());
  });
  afterEach(async () => {
    for (const clean of cleanUps.splice(0).reverse()) await clean();
  });

  /** One server process's mail stack on `db`: the route source, the mailer and the outbox worker, as services.server.ts builds them. */
  function instance(handle: Pick<DatabaseHandle, "db" | "dialect">, mailDir: string) {
    const route = mailRouteSource(handle.db, CONFIG, logger);
    const mailer: Mailer = createMailer({ route, outboxDir: mailDir, logger });
    cleanUps.push(() => mailer.close());
    return createOutboxWorker({ db: handle.db, dialect: handle.dialect, mailer, logger, publicUrl: "https://heronlake.example.org", secret: SECRET });
  }

  it("sends to files until settings are saved, then through the saved server, on every instance, without a restart", async ({ skip: skipTest }) => {
    if (skip) skipTest(`${name} is not reachable`);
    const database: TestDatabase = await create();
    cleanUps.push(() => database.drop());
    const mailDir = mkdtempSync(path.join(tmpdir(), "shoreline-mail-settings-"));
    cleanUps.push(() => rmSync(mailDir, { recursive: true, force: true }));
    const first = await startSmtpSink({ parse: true, login: LOGIN });
    const second = await startSmtpSink({ parse: true, login: LOGIN });
    cleanUps.push(() => first.close(), () => second.close());
    // A second instance of the server: its own connection to the same database.
    const other = openDatabase(database.url ? { databaseUrl: database.url, dataDir: database.dir } : { dataDir: database.dir });
    cleanUps.push(() => other.close());
    const workerA = instance(database, mailDir);
    const workerB = instance(other, mailDir);
    const db: Database = database.db;

    // Nothing saved (as on an install from before Settings → Email): a message is written as a file.
    await queueNotice(db, "ann@example.org", notice("Before"));
    expect(await workerA.drain()).toMatchObject({ sent: 1 });
    expect(readdirSync(mailDir).filter((f) => f.endsWith(".eml"))).toHaveLength(1);

    // Saved on the screen: the same worker's next message goes to the saved server, with its login, from the
    // association's name; the password is sealed in the row.
    await saveMailSettingsForm(db, CONFIG, formFor(first), "chair@example.org");
    const sealed = await getSetting(db, SMTP_PASSWORD_KEY);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(LOGIN.password);
    await queueNotice(db, "bo@example.org", notice("After"));
    expect(await workerA.drain()).toMatchObject({ sent: 1 });
    expect(first.acceptedFor("bo@example.org")).toBe(1);
    expect(first.accepted[0]!.mail!.from!.value[0]).toEqual({ name: "Heron Lake Association", address: "board@heronlake.example.org" });
    expect(readdirSync(mailDir).filter((f) => f.endsWith(".eml"))).toHaveLength(1);

    // The other instance follows a change saved through the first: the password left empty is kept.
    await saveMailSettingsForm(db, CONFIG, formFor(second, { password: "", fromName: "Heron Lake Board" }), "chair@example.org");
    expect(await getSetting(db, SMTP_PASSWORD_KEY)).toBe(sealed);
    await queueNotice(db, "cy@example.org", notice("Moved"));
    expect(await workerB.drain()).toMatchObject({ sent: 1 });
    expect(second.acceptedFor("cy@example.org")).toBe(1);
    expect(second.accepted[0]!.mail!.from!.value[0]).toEqual({ name: "Heron Lake Board", address: "board@heronlake.example.org" });
    expect(first.acceptedFor("cy@example.org")).toBe(0);

    // Clearing the server sends mail to files again.
    await saveMailSettingsForm(db, CONFIG, formFor(second, { host: "" }), "chair@example.org");
    await queueNotice(db, "di@example.org", notice("Files again"));
    expect(await workerA.drain()).toMatchObject({ sent: 1 });
    expect(readdirSync(mailDir).filter((f) => f.endsWith(".eml"))).toHaveLength(2);
    expect(await getSetting(db, SMTP_PASSWORD_KEY)).toBe("");
  }, 30_000);
});

describe("the environment wins over Settings → Email", () => {
  const ADMIN = { email: "chair@example.org", password: "a long enough password" };
  const MAIL_FROM = "Heron Lake Deployed <site@deployed.example.org>";
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-mail-env-"));
  let sink: SmtpSink;
  let server: RunningServer;
  let cookie = "";

  beforeAll(async () => {
    sink = await startSmtpSink({ parse: true });
    server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: sink.url, MAIL_FROM });
    cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (pathname: string) => {
    const response = await fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const post = (form: Record<string, string>) =>
    fetch(`${server.url}/admin/settings/email`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams(form),
    });

  it("shows SMTP_URL and MAIL_FROM read-only, with no password field, no save and no warning", async () => {
    const html = await get("/admin/settings/email");
    expect(html).toContain("These are set by the server&#x27;s environment (<code>SMTP_URL</code>)");
    expect(html).toMatch(/<input[^>]*id="host"[^>]*readOnly=""[^>]*value="127.0.0.1"|<input[^>]*id="host"[^>]*value="127.0.0.1"[^>]*readonly=""/i);
    expect(html).toMatch(/<input[^>]*id="port"[^>]*readonly=""/i);
    expect(html).toMatch(new RegExp(`<input[^>]*readonly=""[^>]*value="${MAIL_FROM.replace("<", "&lt;").replace(">", "&gt;")}"`, "i"));
    expect(html).not.toContain('name="password"');
    expect(html).not.toContain("Save Email Settings");
    expect(await get("/admin/news")).not.toContain("Mail is not being sent");
  });

  it("keeps the environment's settings over a submitted save, and sends the test message through them", async () => {
    const saved = await post({ intent: "save", host: "smtp.elsewhere.example", port: "587", security: "starttls", user: "x", password: "y", fromAddress: "x@elsewhere.example" });
    expect(saved.status).toBe(302);
    const handle = openDatabase({ dataDir: dir });
    try {
      expect(await getSetting(handle.db, "mail.smtpHost")).toBeUndefined();
      expect(await getSetting(handle.db, SMTP_PASSWORD_KEY)).toBeUndefined();
    } finally {
      await handle.close();
    }
    const tested = await post({ intent: "test", host: "smtp.elsewhere.example", port: "587", security: "starttls", testTo: "ann@example.org" });
    expect(tested.status).toBe(200);
    expect(await tested.text()).toContain("The test message to ann@example.org was accepted");
    expect(sink.acceptedFor("ann@example.org")).toBe(1);
    expect(sink.accepted[0]!.mail!.from!.text).toBe('"Heron Lake Deployed" <site@deployed.example.org>');
  });
});
