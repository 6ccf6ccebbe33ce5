import { describe, expect, it } from "vitest";
import { mannKendall, MIN_TREND_YEARS, sensSlope, trendWords, yearlyTrend } from "./trend.ts";

describe("Mann-Kendall against worked examples", () => {
  it("a series with one tie, worked by hand (Little, College of the Holy Cross, 'A Mann-Kendall Example (By Hand)', after Gilbert 1987 §16.4)", () => {
    // https://mathcs.holycross.edu/~little/Montserrat/MannKendallByHand.txt: 91 pairs, 72 rising, 18 falling, 1 tied:
    // S = 54; V = (14)(13)(33)/18 − (2)(1)(9)/18; Z = (S − 1)/√V ≈ 2.9058; one-sided p ≈ 0.0018.
    const values = [12.9, 14.8, 13.2, 15.7, 13.8, 15.6, 12.9, 11.0, 17.3, 15.9, 19.0, 18.3, 20.1, 21.7];
    const result = mannKendall(values);
    expect(result.s).toBe(54);
    expect(result.variance).toBeCloseTo((14 * 13 * 33) / 18 - (2 * 1 * 9) / 18, 10);
    expect(result.z).toBeCloseTo(2.9058, 4);
    expect(result.p / 2).toBeCloseTo(0.0018, 4);
  });

  it("Gilbert (1987), chapter 16, p. 212: 22 values with four groups of ties, Z = 3.1", () => {
    // The data and Gilbert's Z of 3.1 as the rhis_ts project's test of its Mann-Kendall quotes them (the book itself
    // could not be read from here). Ties: 20 six times, 23, 26 and 30 twice each.
    const values = [20, 20, 20, 20, 15, 20, 20, 30, 27, 26, 23, 35, 25, 28, 70, 26, 24, 34, 32, 23, 50, 30];
    const result = mannKendall(values);
    expect(result.variance).toBeCloseTo((22 * 21 * 49 - (6 * 5 * 17 + 3 * (2 * 1 * 9))) / 18, 10);
    expect(result.z.toFixed(1)).toBe("3.1");
    expect(result.p).toBeLessThan(0.05);
  });

  it("a ten-value series without ties (Ipaper.jl's slope_mk documentation example: z 0.35777, p 0.72051, slope 0.04)", () => {
    const values = [4.81, 4.17, 4.41, 3.59, 5.87, 3.83, 6.03, 4.89, 4.32, 4.69];
    const result = mannKendall(values);
    expect(result.s).toBe(5);
    expect(result.variance).toBe(125); // 10 · 9 · 25 / 18
    expect(result.z).toBeCloseTo(0.35777087639996635, 10);
    expect(result.p).toBeCloseTo(0.7205147871362552, 6);
    expect(sensSlope(values.map((y, i) => ({ x: i + 1, y })))).toBeCloseTo(0.04, 10);
  });

  it("S is 0 for a flat series, Z then 0 and p 1", () => {
    expect(mannKendall([3, 3, 3, 3, 3])).toMatchObject({ s: 0, z: 0, p: 1, variance: 0 });
  });

  it("refuses a series with nothing to compare", () => {
    expect(() => mannKendall([1])).toThrow(RangeError);
  });
});

describe("Sen's slope", () => {
  it("is the median of the pairwise slopes, with years as they are (a gap counts)", () => {
    // Pairs: (2 − 1)/1 = 1, (5 − 1)/3 = 4/3, (5 − 2)/2 = 1.5: median 4/3.
    expect(sensSlope([{ x: 2018, y: 1 }, { x: 2019, y: 2 }, { x: 2021, y: 5 }])).toBeCloseTo(4 / 3, 10);
    expect(sensSlope([{ x: 1, y: 1 }, { x: 1, y: 2 }])).toBeNull();
  });
});

describe("the yearly trend", () => {
  it(`needs ${MIN_TREND_YEARS} years`, () => {
    expect(yearlyTrend([2020, 2021, 2022, 2023].map((year, i) => ({ year, value: i })))).toEqual({ kind: "too-few", years: 4 });
  });

  it("six steadily deeper summers: a significant rise, improving for Secchi depth, worsening for phosphorus", () => {
    // n = 6, S = 15, V = 6 · 5 · 17 / 18 = 28.33, Z = 14/√28.33 = 2.630, p = 0.0085.
    const trend = yearlyTrend([2020, 2021, 2022, 2023, 2024, 2025].map((year, i) => ({ year, value: 2 + 0.25 * i })));
    expect(trend.kind).toBe("trend");
    if (trend.kind !== "trend") return;
    expect(trend.test.s).toBe(15);
    expect(trend.test.z).toBeCloseTo(14 / Math.sqrt((6 * 5 * 17) / 18), 10);
    expect(trend.test.p).toBeCloseTo(0.0085, 4);
    expect(trend.slope).toBeCloseTo(0.25, 10);
    expect(trend.direction).toBe("rising");
    expect(trendWords("secchi", "Secchi depth", trend)).toBe("Improving: Secchi depth is rising");
    expect(trendWords("phosphorus", "Total phosphorus", trend)).toBe("Worsening: Total phosphorus is rising");
    expect(trendWords("temperature", "Water temperature", trend)).toBe("Water temperature is rising");
  });

  it("five years with S = 4 is no significant trend", () => {
    const trend = yearlyTrend([{ year: 2021, value: 3 }, { year: 2022, value: 2 }, { year: 2023, value: 4 }, { year: 2024, value: 3.5 }, { year: 2025, value: 3.8 }]);
    expect(trend.kind === "trend" && trend.direction).toBe("none");
    if (trend.kind === "trend") expect(trendWords("secchi", "Secchi depth", trend)).toBe("No significant trend");
  });

  it("a falling Secchi depth is worsening", () => {
    const trend = yearlyTrend([5, 4.6, 4.1, 3.9, 3.2, 3.0].map((value, i) => ({ year: 2015 + i, value })));
    expect(trend.kind === "trend" && trendWords("secchi", "Secchi depth", trend)).toBe("Worsening: Secchi depth is falling");
  });
});
