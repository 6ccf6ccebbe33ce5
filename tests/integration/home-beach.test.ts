/**
 * The swim question on the home page (issue 10): the latest reading's status word, icon and reading, its age, the
 * stale warning after 7 days, and a link to the beach section of /the-lake; nothing when there is no reading.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { association } from "#content/association.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { openDatabase } from "#app/platform/data/db.server.ts";
import { addMeasurement } from "#app/beach/data/readings.server.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-home-beach-"));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dir, SEED: "none", ADMIN_EMAIL: "home@example.org", ADMIN_PASSWORD: "a long enough password" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The calendar date `days` after `date` ("YYYY-MM-DD"). */
function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function home(): Promise<string> {
  const response = await fetch(`${server.url}/`);
  expect(response.status).toBe(200);
  return response.text();
}

async function add(date: string, value: number) {
  const handle = openDatabase({ dataDir: dir });
  try {
    await addMeasurement(handle.db, { date, value });
  } finally {
    await handle.close();
  }
}

describe("the home page's beach status", () => {
  it("is absent without readings", async () => {
    expect(await home()).not.toContain("Swimming at");
  });

  it("shows an old reading with its status, age and the stale warning", async () => {
    const today = todayIn(association.timeZone);
    await add(shiftDate(today, -10), 1500);
    const page = await home();
    expect(page).toContain("Swimming at");
    expect(page).toMatch(/class="status-badge" data-status="Closed"><span aria-hidden="true">✖<\/span> <!-- -->Closed/);
    expect(page).toContain("1,500");
    expect(page).toMatch(/\((<!-- -->)?1 week ago(<!-- -->)?\)/);
    expect(page).toContain("the latest reading is more than 7 days old");
    expect(page).toContain('href="/the-lake#beach"');
  });

  it("follows a new reading at once: Caution today, no warning", async () => {
    await add(todayIn(association.timeZone), 300);
    const page = await home();
    expect(page).toMatch(/data-status="Caution"><span aria-hidden="true">⚠<\/span> <!-- -->Caution/);
    expect(page).toMatch(/\((<!-- -->)?Today(<!-- -->)?\)/);
    expect(page).not.toContain("the latest reading is more than 7 days old");
  });
});
