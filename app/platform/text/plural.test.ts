import { describe, expect, it } from "vitest";
import { counted, listOfNames } from "./plural.ts";

describe("counted", () => {
  it("writes the noun in the number of the count", () => {
    expect([counted(0, "result", "results"), counted(1, "result", "results"), counted(4, "result", "results")]).toEqual(["0 results", "1 result", "4 results"]);
  });
});

describe("listOfNames", () => {
  it("joins names as a sentence does", () => {
    expect(listOfNames([])).toBe("");
    expect(listOfNames(["North Beach"])).toBe("North Beach");
    expect(listOfNames(["North Beach", "South Cove"])).toBe("North Beach and South Cove");
    expect(listOfNames(["A", "B", "C"])).toBe("A, B and C");
  });
});
