import { describe, expect, it } from "vitest";
import {
  adminBeachStatus,
  ageLabel,
  CAUTION_THRESHOLD,
  CHART_HEIGHT,
  CLOSED_THRESHOLD,
  isStale,
  PUBLIC_READING_COUNT,
  publicBeachStatus,
  STALE_AFTER_DAYS,
} from "./beach.ts";

describe("beach constants (spec §9)", () => {
  it("uses the thresholds 235 and 1000 per 100mL", () => {
    expect(CAUTION_THRESHOLD).toBe(235);
    expect(CLOSED_THRESHOLD).toBe(1000);
  });

  it("calls a reading stale after 7 days", () => {
    expect(STALE_AFTER_DAYS).toBe(7);
  });

  it("charts the latest 10 readings at a height of 300", () => {
    expect(PUBLIC_READING_COUNT).toBe(10);
    expect(CHART_HEIGHT).toBe(300);
  });
});

describe("publicBeachStatus (spec §4)", () => {
  it.each([
    [0, "Open"],
    [234, "Open"],
    [234.99, "Open"],
    [235, "Caution"],
    [999, "Caution"],
    [999.99, "Caution"],
    [1000, "Error"],
    [1000.01, "Closed"],
    [1001, "Closed"],
  ] as const)("%s per 100mL is %s", (value, status) => {
    expect(publicBeachStatus(value)).toBe(status);
  });
});

describe("adminBeachStatus (spec §4: the admin table treats 1000 and above as Closed)", () => {
  it.each([
    [234, "Open"],
    [235, "Caution"],
    [999, "Caution"],
    [1000, "Closed"],
    [1001, "Closed"],
  ] as const)("%s per 100mL is %s", (value, status) => {
    expect(adminBeachStatus(value)).toBe(status);
  });
});

describe("isStale (spec §4: older than 7 days)", () => {
  it.each([
    [6, false],
    [7, false],
    [8, true],
  ] as const)("a reading %s days old is stale: %s", (days, stale) => {
    expect(isStale(days)).toBe(stale);
  });
});

describe("ageLabel (spec §4)", () => {
  it.each([
    [0, "Today"],
    [1, "Yesterday"],
    [2, "2 days ago"],
    [6, "6 days ago"],
    [7, "1 week ago"],
    [13, "1 week ago"],
    [14, "2 weeks ago"],
    [29, "4 weeks ago"],
    [30, "1 month ago"],
    [59, "1 month ago"],
    [60, "2 months ago"],
    [365, "12 months ago"],
    [-1, "Today"],
    [-30, "Today"],
  ] as const)("%s days → %s", (days, label) => {
    expect(ageLabel(days)).toBe(label);
  });
});
