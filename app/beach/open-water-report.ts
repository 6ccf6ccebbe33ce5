/**
 * What a site's page says about its results over the years (issue 27, point 5), from the aggregates of
 * app/beach/data/open-water.server.ts: each summer's means with Carlson's indices and trophic class, each
 * parameter's trend once it has `MIN_TREND_YEARS` summers, the latest profile as rows by depth, and chart points
 * placed on a scale of years. Pure: the loader builds it and the page only shows it.
 */
import type { SummerMean } from "./summer.ts";
import { summerTrophicState, type SummerTrophicState } from "./trophic-state.ts";
import { MIN_TREND_YEARS, trendWords, yearlyTrend, type MannKendall } from "./trend.ts";
import { formatNumber } from "#app/platform/text/format.ts";

/** A parameter as the report names it. */
export interface ReportParameter {
  id: string;
  name: string;
  unitLabel: string;
}

/** The parameters Carlson's index is read from. */
export const TSI_PARAMETERS = ["secchi", "chlorophyll", "phosphorus"] as const;

/** One summer: its year, each parameter's mean (by parameter id) and its trophic state. */
export interface SummerRow {
  year: number;
  means: Record<string, number>;
  trophic: SummerTrophicState;
}

/** Each summer with a mean of any parameter, newest first, with the three indices and the class. */
export function summerRows(means: readonly SummerMean[]): SummerRow[] {
  const byYear = new Map<number, Record<string, number>>();
  for (const m of means) byYear.set(m.year, { ...byYear.get(m.year), [m.parameterId]: m.mean });
  return [...byYear.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, values]) => ({ year, means: values, trophic: summerTrophicState({ secchi: values.secchi, chlorophyll: values.chlorophyll, phosphorus: values.phosphorus }) }));
}

/** A parameter's trend as the page says it. */
export type TrendLine =
  | { parameter: ReportParameter; kind: "too-few"; years: number }
  | { parameter: ReportParameter; kind: "trend"; years: number; words: string; slope: number; test: MannKendall };

/** Each parameter's trend on its summer means (`yearlyTrend`), in the order of `parameters`; those with no summer left out. */
export function trendLines(parameters: readonly ReportParameter[], means: readonly SummerMean[]): TrendLine[] {
  return parameters.flatMap((parameter): TrendLine[] => {
    const points = means.filter((m) => m.parameterId === parameter.id).map((m) => ({ year: m.year, value: m.mean }));
    if (points.length === 0) return [];
    const trend = yearlyTrend(points);
    if (trend.kind === "too-few") return [{ parameter, kind: "too-few", years: trend.years }];
    return [{ parameter, kind: "trend", years: trend.years, words: trendWords(parameter.id, parameter.name, trend), slope: trend.slope, test: trend.test }];
  });
}

/** The sentence for a site whose parameters all have fewer summers than a trend needs. */
export function tooFewYearsText(years: number): string {
  return `A trend needs ${MIN_TREND_YEARS} years of summer results; this site has ${years}.`;
}

/** A profile's row: a depth in metres and each parameter's value there (by parameter id). */
export interface ProfileRow {
  depth: number;
  values: Record<string, number>;
}

/** A profile's results as rows by depth, shallowest first. */
export function profileRows(results: readonly { parameterId: string; depth: number; value: number }[]): ProfileRow[] {
  const rows = new Map<number, Record<string, number>>();
  for (const r of results) rows.set(r.depth, { ...rows.get(r.depth), [r.parameterId]: r.value });
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([depth, values]) => ({ depth, values }));
}

/**
 * A result or mean as the page writes it: two decimals below 10, one below 100, none from 100 ("3.45", "24.5",
 * "1,234"), trailing zeros dropped.
 */
export function formatResult(value: number): string {
  const size = Math.abs(value);
  return formatNumber(value, size < 10 ? 2 : size < 100 ? 1 : 0);
}

/** A slope per year with its sign: "+0.25", "−1.2" (a true minus sign), "0". */
export function formatSlope(value: number): string {
  const text = formatResult(Math.abs(value));
  if (text === "0") return "0";
  return `${value > 0 ? "+" : "\u2212"}${text}`;
}

/** A p-value: "< 0.001", or three decimals ("0.009"). */
export function formatP(p: number): string {
  return p < 0.001 ? "< 0.001" : p.toFixed(3);
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A monthly chart period as people read it: "July 2024" for "2024-07". */
export function monthLabel(period: string): string {
  return `${MONTH_NAMES[Number(period.slice(5, 7)) - 1] ?? period.slice(5, 7)} ${period.slice(0, 4)}`;
}
