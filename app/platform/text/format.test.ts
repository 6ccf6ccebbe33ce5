import { describe, expect, it } from "vitest";
import { formatNumber, humanSize, longDate, monthDay, shortDate } from "./format.ts";
import { counted } from "./plural.ts";

describe("humanSize", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [2, "2 bytes"],
    [1023, "1023 bytes"],
    [1024, "1 KB"],
    [1535, "1 KB"],
    [1536, "2 KB"],
    [1024 * 1024 - 513, "1023 KB"],
    [1024 * 1024 - 512, "1.0 MB"],
    [1024 * 1024, "1.0 MB"],
    [20 * 1024 * 1024, "20.0 MB"],
    [3.25 * 1024 * 1024, "3.3 MB"],
    [5 * 1024 * 1024 * 1024, "5120.0 MB"],
  ])("%i bytes is %s", (bytes, expected) => {
    expect(humanSize(bytes)).toBe(expected);
  });
});

// app/platform/text/format.ts writes dates and numbers itself so that a page never starts Intl (decision 018); here Node's Intl,
// with the same ICU data as the browsers', is the reference the output must match, character for character.
describe("dates as Intl's en-US formats write them", () => {
  const long = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  const monthDayOnly = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

  it("every day from 1900 to 2100", () => {
    const mismatches: string[] = [];
    for (let time = Date.UTC(1900, 0, 1, 12); time <= Date.UTC(2100, 11, 31, 12); time += 86_400_000) {
      const noon = new Date(time);
      const date = noon.toISOString().slice(0, 10);
      for (const [ours, theirs] of [
        [longDate(date), long.format(noon)],
        [shortDate(date), short.format(noon)],
        [monthDay(date), monthDayOnly.format(noon)],
      ]) {
        if (ours !== theirs) mismatches.push(`${date}: ${ours} ≠ ${theirs}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("refuses what is not a date, as Intl does", () => {
    for (const bad of ["", "2026-13-01", "June 13", "2026-06-13T25:00"]) {
      expect(() => longDate(bad), bad).toThrow(RangeError);
      expect(() => shortDate(bad), bad).toThrow(RangeError);
      expect(() => monthDay(bad), bad).toThrow(RangeError);
    }
  });
});

describe("formatNumber as Intl's en-US NumberFormat writes it", () => {
  const intl = [0, 1, 2].map((digits) => new Intl.NumberFormat("en-US", { maximumFractionDigits: digits }));
  const check = (values: number[]) => {
    const mismatches: string[] = [];
    for (const value of values) {
      for (const digits of [0, 1, 2] as const) {
        const ours = formatNumber(value, digits);
        const theirs = intl[digits]!.format(value);
        if (ours !== theirs) mismatches.push(`${value} (${digits}): ${ours} ≠ ${theirs}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  };

  it("whole numbers, readings and ties that round away from zero", () => {
    const values: number[] = [];
    for (let n = 0; n <= 30_000; n++) values.push(n, -n, n / 8, n / 100, -n / 1000);
    values.push(0.5, 1.5, 2.5, 0.05, 0.15, 0.25, 0.125, 1.005, 2.675, 1_234_567.891, 999.995, 9_999.5, -2.5, -0.125);
    check(values);
  });

  it("random values over many magnitudes", () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const values = Array.from({ length: 20_000 }, () => (random() - 0.3) * 10 ** Math.floor(random() * 24));
    check(values);
  });

  it("the edges: -0, NaN, infinities and numbers too large for toFixed", () => {
    check([-0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21, -1e21, 123_456_789e20, Number.MAX_VALUE, 9.999e20, Number.MIN_VALUE, -Number.MIN_VALUE]);
  });

  it("refuses another number of decimals", () => {
    expect(() => formatNumber(1, 3 as 2)).toThrow(RangeError);
  });
});

describe("counted (issue 26: Import 1 reading)", () => {
  it("writes one in the singular and every other count in the plural", () => {
    expect(counted(1, "reading", "readings")).toBe("1 reading");
    expect(counted("1", "duplicate", "duplicates")).toBe("1 duplicate");
    expect(counted(0, "reading", "readings")).toBe("0 readings");
    expect(counted(4, "reading", "readings")).toBe("4 readings");
  });
});
