import { describe, expect, it } from "vitest";
import { humanSize } from "./format.ts";

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
