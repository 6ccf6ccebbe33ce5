/**
 * What a site page's chart draws (app/beach/SeriesChart.tsx), as plain data from the loader. Pure.
 *
 * - "years": one parameter over the years, x in decimal years (2024.5 is early July 2024), y in its unit;
 * - "profile": one parameter by depth on one day, x the depth in metres (drawn downwards), y in its unit.
 */
export interface SeriesChartSpec {
  kind: "years" | "profile";
  /** The parameter's name and unit as the axis says them: "Secchi depth (m)". */
  label: string;
  points: { x: number; y: number }[];
}

/**
 * The year ticks of a chart over the years from `min` to `max` (decimal years): the middle of every year whose middle
 * is in view (a summer's results sit around it, so each season is named under itself), or of every second, fifth, …
 * year when there would be more than `most`. With no year's middle in view, one tick in the middle of the chart.
 */
export function yearTicks(min: number, max: number, most = 12): number[] {
  const first = Math.ceil(min - 0.5);
  const last = Math.floor(max - 0.5);
  if (last < first) return [(min + max) / 2];
  const span = last - first + 1;
  const step = [1, 2, 5, 10, 20, 50].find((s) => Math.ceil(span / s) <= most) ?? 100;
  const ticks: number[] = [];
  for (let year = first; year <= last; year++) if ((year - first) % step === 0) ticks.push(year + 0.5);
  return ticks;
}

/** A year tick's label: the year it falls in ("2024"). */
export function yearLabel(tick: number): string {
  return String(Math.floor(tick));
}

/**
 * A chart period on a scale of years: "YYYY-MM-DD" at the middle of its day, "YYYY-MM" at the middle of its month
 * (2024-07-01 ≈ 2024.50, 2024-07 ≈ 2024.54).
 */
export function decimalYear(period: string): number {
  const year = Number(period.slice(0, 4));
  const start = Date.UTC(year, 0, 1);
  const length = Date.UTC(year + 1, 0, 1) - start;
  const month = Number(period.slice(5, 7)) - 1;
  const at = period.length >= 10 ? Date.UTC(year, month, Number(period.slice(8, 10))) + 43_200_000 : (Date.UTC(year, month, 1) + Date.UTC(year, month + 1, 1)) / 2;
  return year + (at - start) / length;
}

/** Points further apart than this (in years, about three months) are not joined: the line breaks over a winter. */
export const SEASON_GAP_YEARS = 0.25;

/**
 * A chart over the years as uPlot's data: x and y, with a null y between two points more than `SEASON_GAP_YEARS`
 * apart, so that the line is not drawn across the months nobody sampled.
 */
export function seasonalData(points: readonly { x: number; y: number }[]): [number[], (number | null)[]] {
  const xs: number[] = [];
  const ys: (number | null)[] = [];
  points.forEach((p, i) => {
    const previous = points[i - 1];
    if (previous && p.x - previous.x > SEASON_GAP_YEARS) {
      xs.push((previous.x + p.x) / 2);
      ys.push(null);
    }
    xs.push(p.x);
    ys.push(p.y);
  });
  return [xs, ys];
}
