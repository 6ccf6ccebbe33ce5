/**
 * `describeLatest` at the edges of the rules it applies (spec §4): the reading's age in days from the association's
 * today, stale when older than 7 days, and the status from 235 and 1000 per 100 mL. The rules themselves are tested
 * on their own in app/beach/status.test.ts; these catch an age that is off by one day on the way to them (issue 24).
 * And `beachState`, the one place that decides what residents are told: the advisory over the reading, the stale
 * warning without one, and the key the alerts compare.
 */
import { describe, expect, it } from "vitest";
import { todayIn } from "#app/platform/text/dates.ts";
import { beachState, describeLatest } from "./state.ts";

const reading = (date: string, value = 100) => ({ date, value, unit: "per 100mL" });

describe("describeLatest: the stale rule at 7 days (spec §4: stale when older than 7 days)", () => {
  it.each([
    ["2026-11-27", "Today", false],
    ["2026-11-26", "Yesterday", false],
    ["2026-11-21", "6 days ago", false],
    ["2026-11-20", "1 week ago", false],
    ["2026-11-19", "1 week ago", true],
  ])("a sample of %s, seen on 2026-11-27: %s, stale %s", (date, age, stale) => {
    expect(describeLatest(reading(date), "2026-11-27")).toMatchObject({ date, age, stale });
  });

  it("counts calendar days across a month, a year and a daylight-saving change", () => {
    // 2027-01-03 is 7 days after 2026-12-27 and 8 after 2026-12-26.
    expect(describeLatest(reading("2026-12-27"), "2027-01-03")?.stale).toBe(false);
    expect(describeLatest(reading("2026-12-26"), "2027-01-03")?.stale).toBe(true);
    // Clocks went back in the United States on 2026-11-01: the week from 2026-10-28 has an hour more, still 7 days.
    expect(describeLatest(reading("2026-10-28"), "2026-11-04")).toMatchObject({ age: "1 week ago", stale: false });
    expect(describeLatest(reading("2026-10-27"), "2026-11-04")).toMatchObject({ age: "1 week ago", stale: true });
  });

  it("takes today in the association's time zone: one instant, 7 days in Chicago and 8 in Auckland", () => {
    // 03:00 UTC on 2026-11-28 is still the evening of 2026-11-27 in Chicago (UTC-6), and already 16:00 in Auckland.
    const instant = new Date("2026-11-28T03:00:00Z");
    const sample = reading("2026-11-20");
    expect(describeLatest(sample, todayIn("America/Chicago", instant))).toMatchObject({ age: "1 week ago", stale: false });
    expect(describeLatest(sample, todayIn("Pacific/Auckland", instant))).toMatchObject({ age: "1 week ago", stale: true });
    // In Chicago it turns stale at the association's midnight (06:00 UTC in winter), not at UTC's.
    expect(describeLatest(sample, todayIn("America/Chicago", new Date("2026-11-28T05:59:59Z")))?.stale).toBe(false);
    expect(describeLatest(sample, todayIn("America/Chicago", new Date("2026-11-28T06:00:00Z")))?.stale).toBe(true);
  });
});

describe("describeLatest: the public status at 235 and 1000 per 100 mL (spec §4)", () => {
  it.each([
    [234, "Open"],
    [234.9, "Open"],
    [235, "Caution"],
    [999, "Caution"],
    [1000, "Error"],
    [1001, "Closed"],
  ] as const)("%s per 100 mL is %s", (value, status) => {
    expect(describeLatest(reading("2026-11-27", value), "2026-11-27")?.status).toBe(status);
  });

  it("is null without a reading", () => {
    expect(describeLatest(undefined, "2026-11-27")).toBeNull();
  });
});

describe("beachState: what residents are told", () => {
  const today = "2026-07-10";
  const advisory = { status: "Closed" as const, reason: "Algae bloom", postedAt: 1_700_000_000_000 };

  it("with no reading and no advisory: nothing to show, key none", () => {
    expect(beachState(undefined, null, today)).toEqual({ status: null, latest: null, advisory: null, staleWarning: false, key: "none" });
  });

  it("a recent reading: its status, no warning, keyed by its status", () => {
    const state = beachState({ date: "2026-07-09", value: 300 }, null, today);
    expect(state).toMatchObject({ status: "Caution", advisory: null, staleWarning: false, key: "Caution" });
    expect(state.latest).toMatchObject({ value: 300, status: "Caution", age: "Yesterday", stale: false });
  });

  it("a reading over 7 days old: its status with the stale warning, keyed as stale", () => {
    expect(beachState({ date: "2026-07-02", value: 40 }, null, today)).toMatchObject({ status: "Open", staleWarning: true, key: "Open:stale" });
    expect(beachState({ date: "2026-07-03", value: 40 }, null, today)).toMatchObject({ status: "Open", staleWarning: false, key: "Open" });
  });

  it("an advisory overrides the reading's status, stale or not, and hides the stale warning; its key names when it was posted", () => {
    for (const date of ["2026-07-09", "2026-06-01"]) {
      const state = beachState({ date, value: 12 }, advisory, today);
      expect(state).toMatchObject({ status: "Closed", advisory: { status: "Closed", reason: "Algae bloom" }, staleWarning: false, key: `advisory:Closed:${advisory.postedAt}` });
      expect(state.latest?.status).toBe("Open");
    }
    expect(beachState(undefined, advisory, today)).toMatchObject({ status: "Closed", latest: null, key: `advisory:Closed:${advisory.postedAt}` });
  });
});
