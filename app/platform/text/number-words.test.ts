import { describe, expect, it } from "vitest";
import { numberWord } from "./number-words.ts";

describe("numberWord", () => {
  it("writes zero to twenty in words and larger counts in digits", () => {
    expect([0, 1, 5, 6, 20, 21, 100].map(numberWord)).toEqual(["zero", "one", "five", "six", "twenty", "21", "100"]);
  });
  it("leaves anything that is not a whole count as digits", () => {
    expect([-1, 2.5].map(numberWord)).toEqual(["-1", "2.5"]);
  });
});
