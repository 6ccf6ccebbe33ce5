/**
 * A monotonic trend in a station's yearly values: the Mann-Kendall test with Sen's slope, as volunteer lake
 * programmes compute it on each summer's mean (Secchi Dip-In computes a trend once a site has 5 years). Pure.
 *
 * Sources: Mann, H.B. 1945, "Nonparametric tests against trend", Econometrica 13:245–259; Kendall, M.G. 1975, Rank
 * Correlation Methods, 4th ed.; Sen, P.K. 1968, "Estimates of the regression coefficient based on Kendall's tau",
 * Journal of the American Statistical Association 63:1379–1389; and the procedure as Gilbert, R.O. 1987, Statistical
 * Methods for Environmental Pollution Monitoring, chapter 16 (§16.4.1 and §16.5) writes it: S as the sum of the signs
 * of every later-minus-earlier difference, VAR(S) = [n(n−1)(2n+5) − Σ tₚ(tₚ−1)(2tₚ+5)] / 18 over the groups of tied
 * values, Z = (S − 1)/√VAR(S) for S > 0, 0 for S = 0, (S + 1)/√VAR(S) for S < 0 (the continuity correction), and
 * Sen's slope as the median of every pairwise slope. The two-sided p-value is 2(1 − Φ(|Z|)), the normal
 * approximation; Gilbert gives an exact table for n ≤ 10, which this leaves out (docs/decisions/032). No well-kept
 * JavaScript package has the test; `simple-statistics` gives the median and the error function. trend.test.ts checks
 * Gilbert's example of p. 212 (Z = 3.1) and two other worked examples.
 */
import { errorFunction, median } from "simple-statistics";

/** Years of summer means a station needs before a trend is computed (Secchi Dip-In's rule). */
export const MIN_TREND_YEARS = 5;
/** A trend is called significant when its two-sided p-value is below this. */
export const SIGNIFICANCE = 0.05;

/** The Mann-Kendall statistic of a series, its variance with the tie correction, Z and the two-sided p-value. */
export interface MannKendall {
  n: number;
  s: number;
  variance: number;
  z: number;
  p: number;
}

/** The standard normal cumulative distribution, Φ(z) = (1 + erf(z/√2)) / 2. */
function normalCdf(z: number): number {
  return 0.5 * (1 + errorFunction(z / Math.SQRT2));
}

/**
 * The Mann-Kendall test of `values`, in time order (Gilbert 1987, §16.4.1).
 * @throws RangeError with fewer than 2 values (no pair to compare)
 */
export function mannKendall(values: readonly number[]): MannKendall {
  const n = values.length;
  if (n < 2) throw new RangeError("The Mann-Kendall test needs at least 2 values");
  let s = 0;
  for (let i = 0; i < n - 1; i++) {
    for (let j = i + 1; j < n; j++) s += Math.sign(values[j]! - values[i]!);
  }
  const groups = new Map<number, number>();
  for (const value of values) groups.set(value, (groups.get(value) ?? 0) + 1);
  let ties = 0;
  for (const t of groups.values()) ties += t * (t - 1) * (2 * t + 5);
  const variance = (n * (n - 1) * (2 * n + 5) - ties) / 18;
  const z = variance === 0 || s === 0 ? 0 : (s > 0 ? s - 1 : s + 1) / Math.sqrt(variance);
  const p = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { n, s, variance, z, p };
}

/**
 * Sen's slope (Sen 1968; Gilbert 1987, §16.5): the median of (yⱼ − yᵢ)/(xⱼ − xᵢ) over every pair with xⱼ ≠ xᵢ, in
 * y's unit per unit of x (per year for years). Null when no two x differ.
 */
export function sensSlope(points: readonly { x: number; y: number }[]): number | null {
  const slopes: number[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i]!;
      const b = points[j]!;
      if (a.x !== b.x) slopes.push((b.y - a.y) / (b.x - a.x));
    }
  }
  return slopes.length === 0 ? null : median(slopes);
}

/** A yearly series' trend, or why there is none yet. */
export type YearlyTrend =
  | { kind: "too-few"; years: number }
  | { kind: "trend"; years: number; slope: number; test: MannKendall; significant: boolean; direction: "rising" | "falling" | "none" };

/**
 * The trend of one value per year (each summer's mean), oldest or newest first: nothing with fewer than
 * `MIN_TREND_YEARS` years, otherwise Sen's slope per year and the Mann-Kendall test. The direction is the sign of S
 * when p < `SIGNIFICANCE`, otherwise "none".
 */
export function yearlyTrend(points: readonly { year: number; value: number }[]): YearlyTrend {
  const sorted = [...points].sort((a, b) => a.year - b.year);
  if (sorted.length < MIN_TREND_YEARS) return { kind: "too-few", years: sorted.length };
  const test = mannKendall(sorted.map((p) => p.value));
  const slope = sensSlope(sorted.map((p) => ({ x: p.year, y: p.value }))) ?? 0;
  const significant = test.p < SIGNIFICANCE && test.s !== 0;
  return { kind: "trend", years: sorted.length, slope, test, significant, direction: significant ? (test.s > 0 ? "rising" : "falling") : "none" };
}

/**
 * Which way is better for a parameter: Secchi depth and dissolved oxygen are better higher (clearer water, more
 * oxygen for fish); phosphorus, chlorophyll-a, bacteria, cyanobacteria and their toxins better lower; water
 * temperature and a board's own parameter neither.
 */
export function betterWhen(parameterId: string): "higher" | "lower" | null {
  if (parameterId === "secchi" || parameterId === "oxygen") return "higher";
  if (["phosphorus", "chlorophyll", "ecoli", "enterococci", "microcystins", "cylindrospermopsin", "cyanobacteria"].includes(parameterId)) return "lower";
  return null;
}

/**
 * A trend in words that fit the parameter: "Improving: Secchi depth is rising" (clearer water), "Worsening: Total
 * phosphorus is rising", "Water temperature is rising" for a parameter with no better way, or "No significant
 * trend". `name` is the parameter's name as people read it.
 */
export function trendWords(parameterId: string, name: string, trend: Extract<YearlyTrend, { kind: "trend" }>): string {
  if (trend.direction === "none") return "No significant trend";
  const better = betterWhen(parameterId);
  const moving = `${name} is ${trend.direction}`;
  if (better === null) return moving;
  const improving = (better === "higher") === (trend.direction === "rising");
  return `${improving ? "Improving" : "Worsening"}: ${moving}`;
}
