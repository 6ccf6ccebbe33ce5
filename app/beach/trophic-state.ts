/**
 * Carlson's Trophic State Index (TSI): a lake's biological productivity on one scale from 0 to 100 or so, from its
 * summer Secchi depth, total phosphorus or chlorophyll-a. Pure: shared by the server and the browser.
 *
 * Source: Carlson, R.E. 1977. "A trophic state index for lakes." Limnology and Oceanography 22(2):361–369. Each
 * step of 10 on the scale is a halving of the Secchi depth (TSI 60 at 1 m, 50 at 2 m, 40 at 4 m) and a doubling of
 * the algal biomass; Carlson's Table 2 gives, for TSI 40, 50, 60 and 70, Secchi depths of 4, 2, 1 and 0.5 m, total
 * phosphorus of 12, 24, 48 and 96 µg/L and chlorophyll-a of 2.6, 7.3 (6.4 in the original table, from an earlier
 * regression; the equation below gives 7.3), 20 and 56 µg/L (trophic-state.test.ts checks them). The trophic classes
 * follow Carlson, R.E. and J. Simpson 1996, "A Coordinator's Guide to Volunteer Lake Monitoring Methods", North
 * American Lake Management Society, Table 1: oligotrophy below 40, mesotrophy 40 to 50, eutrophy 50 to 70,
 * hypereutrophy from 70.
 */

/** The index from a Secchi depth: TSI(SD) = 60 − 14.41 ln(SD), SD in metres (Carlson 1977, eq. 2). */
export function tsiFromSecchi(metres: number): number | null {
  return metres > 0 && Number.isFinite(metres) ? 60 - 14.41 * Math.log(metres) : null;
}

/** The index from chlorophyll-a: TSI(CHL) = 9.81 ln(CHL) + 30.6, CHL in µg/L (Carlson 1977). */
export function tsiFromChlorophyll(microgramsPerLitre: number): number | null {
  return microgramsPerLitre > 0 && Number.isFinite(microgramsPerLitre) ? 9.81 * Math.log(microgramsPerLitre) + 30.6 : null;
}

/** The index from total phosphorus: TSI(TP) = 14.42 ln(TP) + 4.15, TP in µg/L (Carlson 1977). */
export function tsiFromPhosphorus(microgramsPerLitre: number): number | null {
  return microgramsPerLitre > 0 && Number.isFinite(microgramsPerLitre) ? 14.42 * Math.log(microgramsPerLitre) + 4.15 : null;
}

/** Carlson and Simpson's (1996) trophic classes, from the least productive to the most. */
export const TROPHIC_CLASSES = ["Oligotrophic", "Mesotrophic", "Eutrophic", "Hypereutrophic"] as const;
export type TrophicClass = (typeof TROPHIC_CLASSES)[number];

/**
 * The trophic class of an index value (Carlson and Simpson 1996): Oligotrophic below 40, Mesotrophic from 40 to
 * below 50, Eutrophic from 50 to below 70, Hypereutrophic from 70. A boundary value goes to the more productive class.
 */
export function trophicClass(tsi: number): TrophicClass {
  if (tsi < 40) return "Oligotrophic";
  if (tsi < 50) return "Mesotrophic";
  if (tsi < 70) return "Eutrophic";
  return "Hypereutrophic";
}

/** A summer's three indices (null where the summer has no mean of that parameter) and the class read from them. */
export interface SummerTrophicState {
  secchi: number | null;
  chlorophyll: number | null;
  phosphorus: number | null;
  /** The index the class is read from: chlorophyll's, else Secchi depth's, else phosphorus's; null with none. */
  basis: "chlorophyll" | "secchi" | "phosphorus" | null;
  trophicClass: TrophicClass | null;
}

/**
 * The three indices of one summer from its means (Secchi depth in m, chlorophyll-a and total phosphorus in µg/L;
 * undefined or null where there is none), and its trophic class. The class is read from one index, not an average of
 * the three: Carlson (1977, "Discussion") gives chlorophyll priority in summer as the most direct measure of algal
 * biomass, and the indices disagree for reasons worth seeing (non-algal turbidity lowers Secchi depth, phosphorus may
 * not be limiting). Without chlorophyll, Secchi depth (what volunteers measure most), then phosphorus.
 */
export function summerTrophicState(means: { secchi?: number | null; chlorophyll?: number | null; phosphorus?: number | null }): SummerTrophicState {
  const secchi = means.secchi == null ? null : tsiFromSecchi(means.secchi);
  const chlorophyll = means.chlorophyll == null ? null : tsiFromChlorophyll(means.chlorophyll);
  const phosphorus = means.phosphorus == null ? null : tsiFromPhosphorus(means.phosphorus);
  const basis = chlorophyll !== null ? "chlorophyll" : secchi !== null ? "secchi" : phosphorus !== null ? "phosphorus" : null;
  const value = basis === null ? null : { chlorophyll, secchi, phosphorus }[basis];
  return { secchi, chlorophyll, phosphorus, basis, trophicClass: value == null ? null : trophicClass(value) };
}
