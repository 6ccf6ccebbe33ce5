import { monthDay } from "#app/platform/text/format.ts";

/** A point of the readings chart: the sample's date ("YYYY-MM-DD") and its value (CFU per 100 mL). */
export interface ChartReading {
  date: string;
  value: number;
}

/** Below this chart width (CSS px) the date axis labels every other sample, as "Nov 24" labels of 40 px would touch. */
export const NARROW_CHART_WIDTH = 560;

/**
 * The date axis labels of the readings chart, one per sample.
 *
 * @param sampleTimes sample times in seconds since the epoch (UTC noon of the sample's date, as the chart plots them),
 *   oldest first
 * @param chartWidth the chart's width in CSS px
 * @returns one label per sample, "Nov 24" style, or "" for a sample left unlabelled: on a chart narrower than
 *   {@link NARROW_CHART_WIDTH}, every other label counted back from the latest sample, so the latest is always labelled
 *   and no two labels are neighbours.
 */
export function dateAxisLabels(sampleTimes: readonly number[], chartWidth: number): string[] {
  const narrow = chartWidth < NARROW_CHART_WIDTH;
  const last = sampleTimes.length - 1;
  return sampleTimes.map((time, i) => (narrow && (last - i) % 2 === 1 ? "" : monthDay(new Date(time * 1000).toISOString().slice(0, 10))));
}
