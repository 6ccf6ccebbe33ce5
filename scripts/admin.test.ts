import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "#app/platform/config.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { closeServices, createServices } from "#app/web/services.server.ts";
import { childEnv } from "../tests/support/child-env.ts";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-admin-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(args: string[], password?: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/admin.ts", ...args], {
      env: childEnv({ DATA_DIR: dir, ADMIN_PASSWORD: password }),
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const services = createServices(loadConfig({ DATA_DIR: dir }), createLogger("silent"));
  try {
    await services.auth.api.signInEmail({ body: { email, password } });
    return true;
  } catch {
    return false;
  } finally {
    await closeServices(services);
  }
}

describe("npm run admin", () => {
  it("adds an administrator who can then sign in", async () => {
    const result = await admin(["add", "treasurer@example.org"], "treasurer-password");
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toContain("Administrator treasurer@example.org added.");
    expect(await canSignIn("treasurer@example.org", "treasurer-password")).toBe(true);
  });

  it("refuses to add the same administrator twice", async () => {
    const result = await admin(["add", "treasurer@example.org"], "another-password");
    expect(result.code).toBe(1);
    expect(await canSignIn("treasurer@example.org", "treasurer-password")).toBe(true);
  });

  it("resets a password: the old one stops working", async () => {
    const result = await admin(["reset-password", "treasurer@example.org"], "brand-new-password");
    expect(result.code).toBe(0);
    expect(await canSignIn("treasurer@example.org", "treasurer-password")).toBe(false);
    expect(await canSignIn("treasurer@example.org", "brand-new-password")).toBe(true);
  });

  it("adds an administrator with a password of 8 or 128 characters, and refuses 7 or 129 with a message, adding nobody", async () => {
    for (const length of [7, 129]) {
      const result = await admin(["add", `refused${length}@example.org`], "p".repeat(length));
      expect(result.code, `${length} characters`).toBe(2);
      expect(result.out).toContain("The password must have 8 to 128 characters.");
      expect(await canSignIn(`refused${length}@example.org`, "p".repeat(length))).toBe(false);
    }
    for (const length of [8, 128]) {
      expect((await admin(["add", `taken${length}@example.org`], "p".repeat(length))).code, `${length} characters`).toBe(0);
      expect(await canSignIn(`taken${length}@example.org`, "p".repeat(length))).toBe(true);
    }
  });

  it("refuses to reset an account that does not exist, a short password and bad usage", async () => {
    expect((await admin(["reset-password", "nobody@example.org"], "long-enough-password")).code).toBe(1);
    expect((await admin(["add", "short@example.org"], "short")).code).toBe(2);
    expect((await admin(["remove", "x@example.org"], "long-enough-password")).code).toBe(2);
    expect((await admin(["add", "not-an-email"], "long-enough-password")).code).toBe(2);
  });
});
