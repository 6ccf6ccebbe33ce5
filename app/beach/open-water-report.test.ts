import { describe, expect, it } from "vitest";
import { formatP, formatResult, formatSlope, profileRows, summerRows, tooFewYearsText, trendLines } from "./open-water-report.ts";

const SECCHI = { id: "secchi", name: "Secchi depth", unitLabel: "m" };
const TP = { id: "phosphorus", name: "Total phosphorus", unitLabel: "µg/L" };

describe("the open-water report", () => {
  it("gives each summer its means and Carlson's indices, newest first", () => {
    const rows = summerRows([
      { parameterId: "phosphorus", year: 2024, mean: 24, count: 3 },
      { parameterId: "secchi", year: 2023, mean: 1, count: 3 },
      { parameterId: "secchi", year: 2024, mean: 2, count: 3 },
    ]);
    expect(rows.map((r) => r.year)).toEqual([2024, 2023]);
    expect(rows[0]!.means).toEqual({ phosphorus: 24, secchi: 2 });
    expect(rows[0]!.trophic.secchi).toBeCloseTo(50, 1);
    expect(rows[0]!.trophic.phosphorus).toBeCloseTo(50, 1);
    expect(rows[0]!.trophic.trophicClass).toBe("Eutrophic");
    expect(rows[1]!.trophic).toMatchObject({ secchi: 60, phosphorus: null, basis: "secchi" });
  });

  it("says a trend per parameter once it has 5 summers, and how many it has otherwise", () => {
    const means = [2019, 2020, 2021, 2022, 2023, 2024].flatMap((year, i) => [
      { parameterId: "secchi", year, mean: 2 + i * 0.3, count: 3 },
      ...(i < 3 ? [{ parameterId: "phosphorus", year, mean: 20, count: 3 }] : []),
    ]);
    const lines = trendLines([SECCHI, TP, { id: "chlorophyll", name: "Chlorophyll-a", unitLabel: "µg/L" }], means);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ kind: "trend", years: 6, words: "Improving: Secchi depth is rising" });
    expect(lines[0]!.kind === "trend" && lines[0]!.slope).toBeCloseTo(0.3, 10);
    expect(lines[1]).toEqual({ parameter: TP, kind: "too-few", years: 3 });
    expect(tooFewYearsText(3)).toBe("A trend needs 5 years of summer results; this site has 3.");
  });

  it("puts a profile's results in rows by depth", () => {
    expect(
      profileRows([
        { parameterId: "temperature", depth: 2, value: 20 },
        { parameterId: "oxygen", depth: 0, value: 9 },
        { parameterId: "temperature", depth: 0, value: 22 },
      ]),
    ).toEqual([
      { depth: 0, values: { oxygen: 9, temperature: 22 } },
      { depth: 2, values: { temperature: 20 } },
    ]);
  });

  it("writes results, slopes and p-values", () => {
    expect(formatResult(3.456)).toBe("3.46");
    expect(formatResult(24.55)).toBe("24.6");
    expect(formatResult(1234.4)).toBe("1,234");
    expect(formatSlope(0.25)).toBe("+0.25");
    expect(formatSlope(-1.2)).toBe("\u22121.2");
    expect(formatSlope(0.0001)).toBe("0");
    expect(formatP(0.0085)).toBe("0.009");
    expect(formatP(0.0004)).toBe("< 0.001");
  });
});

describe("month labels", () => {
  it("names the month and the year", async () => {
    const { monthLabel } = await import("./open-water-report.ts");
    expect(monthLabel("2024-07")).toBe("July 2024");
    expect(monthLabel("2019-12")).toBe("December 2019");
  });
});
