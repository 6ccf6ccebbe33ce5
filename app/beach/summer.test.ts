import { describe, expect, it } from "vitest";
import { isSummerDate, isSurface, summerMeans } from "./summer.ts";

describe("summer means", () => {
  it("takes June 1 to September 30, both included", () => {
    expect(isSummerDate("2024-05-31")).toBe(false);
    expect(isSummerDate("2024-06-01")).toBe(true);
    expect(isSummerDate("2024-09-30")).toBe(true);
    expect(isSummerDate("2024-10-01")).toBe(false);
  });

  it("counts results at no depth or at 2 m or less as surface results", () => {
    expect(isSurface(null)).toBe(true);
    expect(isSurface(undefined)).toBe(true);
    expect(isSurface(2)).toBe(true);
    expect(isSurface(2.5)).toBe(false);
  });

  it("averages each parameter's summer surface results per year", () => {
    const means = summerMeans([
      { parameterId: "secchi", date: "2023-06-10", value: 3 },
      { parameterId: "secchi", date: "2023-08-10", value: 4 },
      { parameterId: "secchi", date: "2023-10-10", value: 9 }, // autumn: left out
      { parameterId: "secchi", date: "2024-07-01", value: 2.5 },
      { parameterId: "phosphorus", date: "2023-07-01", value: 20, depth: 1 },
      { parameterId: "phosphorus", date: "2023-07-01", value: 80, depth: 8 }, // deep: left out
    ]);
    expect(means).toEqual([
      { parameterId: "phosphorus", year: 2023, mean: 20, count: 1 },
      { parameterId: "secchi", year: 2023, mean: 3.5, count: 2 },
      { parameterId: "secchi", year: 2024, mean: 2.5, count: 1 },
    ]);
  });
});
