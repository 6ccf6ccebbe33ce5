import { describe, expect, it } from "vitest";
import {
  adminBeachStatus,
  ageLabel,
  CAUTION_THRESHOLD,
  CHART_HEIGHT,
  CLOSED_THRESHOLD,
  EPA_GEOMETRIC_MEAN_CRITERION,
  geometricMean,
  isAfterToday,
  isReadingValue,
  isStale,
  MAX_READING,
  PUBLIC_READING_COUNT,
  publicBeachStatus,
  READING_UNIT,
  readReadingValue,
  STALE_AFTER_DAYS,
  STATUS_MEANING,
  thirtyDayGeometricMean,
} from "./status.ts";

describe("beach constants (spec §9)", () => {
  it("writes a reading's unit one way, in the field's term (issue 25: it was spelled four ways)", () => {
    expect(READING_UNIT).toBe("CFU per 100 mL");
  });

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

describe("STATUS_MEANING: what each status tells a swimmer", () => {
  it("says Open is safe, Caution who should stay out, Closed to stay out, and Error to ask the board", () => {
    expect(STATUS_MEANING.Open).toBe("Swimming is OK.");
    expect(STATUS_MEANING.Caution).toMatch(/not advised for young children, older adults or anyone with a weakened immune system/);
    expect(STATUS_MEANING.Closed).toBe("Stay out of the water.");
    expect(STATUS_MEANING.Error).toMatch(/cannot be classified.*board/);
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

describe("readReadingValue: a plain decimal number of E. coli per 100 mL, 0 to 1,000,000 (issue 24)", () => {
  it("takes 1,000,000 at most", () => {
    expect(MAX_READING).toBe(1_000_000);
  });

  it.each([
    ["0", 0],
    ["12", 12],
    ["12.5", 12.5],
    [".5", 0.5],
    [".25", 0.25],
    ["007", 7],
    ["155.951916", 155.951916],
    [" 12 ", 12],
    ["\t24196\n", 24196],
    ["1000000", 1_000_000],
    ["1000000.000", 1_000_000],
  ] as const)("reads %j as %s", (text, value) => {
    expect(readReadingValue(text)).toEqual({ value });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["-5", "negative"],
    ["-0.5", "negative"],
    ["0x10", "not decimal"],
    ["0b11", "not decimal"],
    ["0o7", "not decimal"],
    ["1e308", "not decimal"],
    ["1e3", "not decimal"],
    ["1E-2", "not decimal"],
    ["Infinity", "not decimal"],
    ["-Infinity", "not decimal"],
    ["NaN", "not decimal"],
    ["+5", "not decimal"],
    ["12.", "not decimal"],
    ["1,000", "not decimal"],
    ["1 000", "not decimal"],
    ["1_000", "not decimal"],
    ["12abc", "not decimal"],
    [">2419.6", "not decimal"],
    ["１２", "not decimal"],
    ["1000000.01", "too large"],
    ["1000001", "too large"],
    ["9".repeat(400), "too large"],
  ] as const)("refuses %j: %s", (text, problem) => {
    expect(readReadingValue(text)).toEqual({ problem });
  });

  it.each([
    [0, true],
    [1_000_000, true],
    [1_000_000.01, false],
    [-0.01, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])("a stored value of %s is a reading's: %s", (value, ok) => {
    expect(isReadingValue(value)).toBe(ok);
  });
});

describe("isAfterToday: a sample date after today is refused (issue 24)", () => {
  it.each([
    ["2026-11-26", false],
    ["2026-11-27", false],
    ["2026-11-28", true],
    ["2027-01-01", true],
    ["9999-12-31", true],
  ] as const)("%s, seen on 2026-11-27: %s", (date, after) => {
    expect(isAfterToday(date, "2026-11-27")).toBe(after);
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

describe("geometricMean (EPA 2012 RWQC)", () => {
  it("is the n-th root of the product", () => {
    expect(geometricMean([10, 1000])).toBeCloseTo(100, 9);
    expect(geometricMean([2, 8])).toBeCloseTo(4, 9);
    expect(geometricMean([126])).toBeCloseTo(126, 9);
    expect(geometricMean([1, 10, 100, 1000, 10000])).toBeCloseTo(100, 9);
  });

  it("takes a count below 1 as 1 (ln 0 is undefined)", () => {
    expect(geometricMean([0, 100])).toBeCloseTo(10, 9);
    expect(geometricMean([0.5, 100])).toBeCloseTo(10, 9);
  });

  it("refuses no values", () => {
    expect(() => geometricMean([])).toThrow(new RangeError("The geometric mean of no values is undefined"));
  });
});

describe("thirtyDayGeometricMean: 30 days ending at the latest sample, at least 5 samples", () => {
  const reading = (date: string, value = 100) => ({ date, value });

  it("is null without readings", () => {
    expect(thirtyDayGeometricMean([])).toBeNull();
  });

  it("compares with the EPA 2012 criterion of 126 CFU/100 mL", () => {
    expect(EPA_GEOMETRIC_MEAN_CRITERION).toBe(126);
  });

  it("counts 5 samples as enough and 4 as too few", () => {
    const five = ["2026-07-01", "2026-07-05", "2026-07-10", "2026-07-20", "2026-07-30"].map((d) => reading(d));
    expect(thirtyDayGeometricMean(five)).toEqual({ from: "2026-07-01", to: "2026-07-30", samples: 5, mean: expect.closeTo(100, 9), exceeds: false });
    expect(thirtyDayGeometricMean(five.slice(1))).toEqual({ from: "2026-07-01", to: "2026-07-30", samples: 4, mean: null, exceeds: false });
  });

  it("includes a sample 29 days before the latest and leaves out one 30 days before", () => {
    const inside = [reading("2026-07-01", 10), ...["2026-07-10", "2026-07-15", "2026-07-20", "2026-07-30"].map((d) => reading(d, 1000))];
    const w = thirtyDayGeometricMean(inside)!;
    expect(w.samples).toBe(5);
    expect(w.mean).toBeCloseTo(10 ** ((1 + 3 * 4) / 5), 6);
    const outside = [reading("2026-06-30", 10), ...inside.slice(1), reading("2026-07-25", 1000)];
    expect(thirtyDayGeometricMean(outside)).toMatchObject({ from: "2026-07-01", to: "2026-07-30", samples: 5, mean: expect.closeTo(1000, 6) });
  });

  it("ends the window at the latest sample, whatever the readings' order, across a month and a year end", () => {
    const readings = ["2027-01-05", "2026-12-07", "2026-12-31", "2026-12-06", "2027-01-01", "2026-12-20"].map((d) => reading(d, 200));
    expect(thirtyDayGeometricMean(readings)).toMatchObject({ from: "2026-12-07", to: "2027-01-05", samples: 5, exceeds: true });
  });

  it("says the mean exceeds the criterion only above 126", () => {
    const dates = ["2026-07-01", "2026-07-02", "2026-07-03", "2026-07-04", "2026-07-05"];
    expect(thirtyDayGeometricMean(dates.map((d) => reading(d, 126)))!.exceeds).toBe(false);
    expect(thirtyDayGeometricMean(dates.map((d) => reading(d, 127)))!.exceeds).toBe(true);
  });

  it("takes a mean within a billionth of 126 (floating-point error) as 126, and one a millionth above as above", () => {
    const dates = ["2026-07-01", "2026-07-02", "2026-07-03", "2026-07-04", "2026-07-05"];
    const at = (value: number) => thirtyDayGeometricMean(dates.map((d) => reading(d, value)))!;
    expect(at(126 * (1 + 1e-11))).toMatchObject({ mean: expect.closeTo(126, 6), exceeds: false });
    expect(at(126 * (1 + 1e-6))).toMatchObject({ mean: expect.closeTo(126, 3), exceeds: true });
  });
});
