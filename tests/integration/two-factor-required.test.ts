/**
 * An Administrator requires two-factor sign-in for everyone (issue 26): over the built server, a person without it
 * is sent to "Your account" after sign-in, whatever admin page or form they ask for, until they set it up; the
 * account screen itself and signing out still work. One server on SQLite: the rule is in the request guard
 * (`requireAdmin`), the setting one row read through the data module tested on both back ends in people.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTwoFactorRequired } from "#app/accounts/data/people.server.ts";
import { openDatabase, type DatabaseHandle } from "#app/platform/data/db.server.ts";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";

const ADMIN = { email: "chair@example.org", password: "required two factor 1" };

describe("two-factor sign-in required for everyone", () => {
  let server: RunningServer;
  let dataDir: string;
  let db: DatabaseHandle;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shoreline-2fa-required-"));
    server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED: "none" });
    db = openDatabase({ dataDir });
  }, 90_000);

  afterAll(async () => {
    await db?.close();
    await server?.stop("SIGTERM", 5_000);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, cookie: string) => fetch(`${server.url}${url}`, { headers: { cookie }, redirect: "manual" });

  it("sends a person without it to set it up before any other admin screen, and lets them go once it is off", async () => {
    const cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
    expect((await get("/admin/news", cookie)).status).toBe(200);

    await setTwoFactorRequired(db.db, true);
    for (const url of ["/admin/news", "/admin/people", "/admin/settings", "/admin/news.data"]) {
      const response = await get(url, cookie);
      expect([302, 202, 204], url).toContain(response.status);
      // A page is redirected; the router's data request carries the redirect in its body.
      const location = url.endsWith(".data") ? ((await response.text()).match(/\/admin\/account\?twoFactor=required/)?.[0] ?? "") : response.headers.get("location");
      expect(location, url).toBe("/admin/account?twoFactor=required");
    }
    const post = await fetch(`${server.url}/admin/news`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ intent: "save", title: "x", text: "x" }),
    });
    expect(post.headers.get("location")).toBe("/admin/account?twoFactor=required");
    const account = await get("/admin/account?twoFactor=required", cookie);
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("An Administrator requires two-factor sign-in for everyone");

    await setTwoFactorRequired(db.db, false);
    expect((await get("/admin/news", cookie)).status).toBe(200);
  }, 60_000);
});
