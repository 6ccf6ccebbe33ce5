import { describe, expect, it } from "vitest";
import { summerTrophicState, trophicClass, tsiFromChlorophyll, tsiFromPhosphorus, tsiFromSecchi } from "./trophic-state.ts";

describe("Carlson's Trophic State Index against Carlson (1977), Table 2", () => {
  // TSI, Secchi depth (m), total phosphorus (µg/L), chlorophyll-a (µg/L), as the table gives them.
  const TABLE: [number, number, number, number][] = [
    [40, 4, 12, 2.6],
    [50, 2, 24, 7.3],
    [60, 1, 48, 20],
    [70, 0.5, 96, 56],
  ];
  for (const [tsi, sd, tp, chl] of TABLE) {
    it(`TSI ${tsi}: SD ${sd} m, TP ${tp} µg/L, CHL ${chl} µg/L`, () => {
      expect(tsiFromSecchi(sd)).toBeCloseTo(tsi, 1);
      expect(Math.abs(tsiFromPhosphorus(tp)! - tsi)).toBeLessThan(0.1);
      expect(Math.abs(tsiFromChlorophyll(chl)! - tsi)).toBeLessThan(0.15);
    });
  }

  it("SD 1 m is exactly 60, and each halving of the depth adds 10 (to the equation's rounding)", () => {
    expect(tsiFromSecchi(1)).toBe(60);
    expect(tsiFromSecchi(2)).toBeCloseTo(50.01, 2);
    expect(tsiFromSecchi(0.25)).toBeCloseTo(79.98, 2);
  });

  it("has no index for a zero, negative or non-finite value", () => {
    expect(tsiFromSecchi(0)).toBeNull();
    expect(tsiFromChlorophyll(-1)).toBeNull();
    expect(tsiFromPhosphorus(Number.NaN)).toBeNull();
  });
});

describe("trophic classes (Carlson and Simpson 1996)", () => {
  it("puts each boundary in the more productive class", () => {
    expect(trophicClass(39.99)).toBe("Oligotrophic");
    expect(trophicClass(40)).toBe("Mesotrophic");
    expect(trophicClass(49.99)).toBe("Mesotrophic");
    expect(trophicClass(50)).toBe("Eutrophic");
    expect(trophicClass(69.99)).toBe("Eutrophic");
    expect(trophicClass(70)).toBe("Hypereutrophic");
  });

  it("reads a summer's class from chlorophyll first, then Secchi depth, then phosphorus", () => {
    expect(summerTrophicState({ secchi: 4.5, chlorophyll: 20, phosphorus: 10 })).toMatchObject({ basis: "chlorophyll", trophicClass: "Eutrophic" });
    expect(summerTrophicState({ secchi: 4.5, phosphorus: 30 })).toMatchObject({ basis: "secchi", trophicClass: "Oligotrophic", chlorophyll: null });
    expect(summerTrophicState({ phosphorus: 30 })).toMatchObject({ basis: "phosphorus", trophicClass: "Eutrophic" });
    expect(summerTrophicState({})).toEqual({ secchi: null, chlorophyll: null, phosphorus: null, basis: null, trophicClass: null });
  });
});
