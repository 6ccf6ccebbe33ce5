import { describe, expect, it } from "vitest";
import { decimalYear, yearLabel, yearTicks } from "./series-chart.ts";

describe("year ticks", () => {
  it("labels every whole year, or every second, fifth, … when there would be too many", () => {
    expect(yearTicks(2019.4, 2024.6)).toEqual([2020, 2021, 2022, 2023, 2024]);
    // 15 years, at most 6 labels: every fifth.
    expect(yearTicks(2010.5, 2025.5, 6)).toEqual([2011, 2016, 2021]);
    expect(yearTicks(2016.5, 2025.5, 6)).toEqual([2017, 2019, 2021, 2023, 2025]);
  });

  it("labels the middle of a chart shorter than a year", () => {
    expect(yearTicks(2024.3, 2024.7).map(yearLabel)).toEqual(["2024"]);
    expect(yearTicks(2024.7, 2025.2)).toEqual([2025]);
  });

  it("places dates and months on a scale of years", () => {
    expect(decimalYear("2024-01-01")).toBeCloseTo(2024 + 0.5 / 366, 10);
    expect(decimalYear("2023-07")).toBeCloseTo(2023 + (181 + 15.5) / 365, 10);
    expect(decimalYear("2023-12")).toBeLessThan(2024);
  });
});
