import { describe, expect, it } from "vitest";
import { decimalYear, seasonalData, yearLabel, yearTicks } from "./series-chart.ts";

describe("year ticks", () => {
  it("labels the middle of every year, or of every second, fifth, … when there would be too many", () => {
    expect(yearTicks(2019.4, 2024.6)).toEqual([2019.5, 2020.5, 2021.5, 2022.5, 2023.5, 2024.5]);
    expect(yearTicks(2019.4, 2024.6).map(yearLabel)).toEqual(["2019", "2020", "2021", "2022", "2023", "2024"]);
    // 15 years, at most 6 labels: every fifth.
    expect(yearTicks(2010.4, 2024.6, 6).map(yearLabel)).toEqual(["2010", "2015", "2020"]);
    expect(yearTicks(2016.4, 2024.6, 6).map(yearLabel)).toEqual(["2016", "2018", "2020", "2022", "2024"]);
  });

  it("labels the middle of a chart that shows no year's middle", () => {
    expect(yearTicks(2024.6, 2024.9).map(yearLabel)).toEqual(["2024"]);
    expect(yearTicks(2024.3, 2024.7)).toEqual([2024.5]);
  });

  it("places dates and months on a scale of years", () => {
    expect(decimalYear("2024-01-01")).toBeCloseTo(2024 + 0.5 / 366, 10);
    expect(decimalYear("2023-07")).toBeCloseTo(2023 + (181 + 15.5) / 365, 10);
    expect(decimalYear("2023-12")).toBeLessThan(2024);
  });

  it("breaks the line between seasons", () => {
    expect(seasonalData([{ x: 2020.5, y: 1 }, { x: 2020.6, y: 2 }, { x: 2021.5, y: 3 }])).toEqual([
      [2020.5, 2020.6, 2021.05, 2021.5],
      [1, 2, null, 3],
    ]);
    expect(seasonalData([])).toEqual([[], []]);
  });
});
