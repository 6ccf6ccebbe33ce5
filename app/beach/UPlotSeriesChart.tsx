/** uPlot chart of one parameter over the years or by depth; loaded lazily by SeriesChart. */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { seasonalData, yearLabel, yearTicks, type SeriesChartSpec } from "./series-chart.ts";
import { formatNumber } from "#app/platform/text/format.ts";

const LINE = "#0b6b8a";
const YEARS_HEIGHT = 300;
const PROFILE_HEIGHT = 320;

/** A value's axis label: up to two decimals (no Intl: decision 018). */
const label = (v: number) => formatNumber(v, Math.abs(v) < 10 ? 2 : Math.abs(v) < 100 ? 1 : 0);

export default function UPlotSeriesChart({ chart }: { chart: SeriesChartSpec }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const profile = chart.kind === "profile";
    // Over the years, the line breaks over each winter; a profile is one line from the surface down.
    const [xs, ys] = profile ? [chart.points.map((p) => p.x), chart.points.map((p) => p.y)] : seasonalData(chart.points);
    const height = profile ? PROFILE_HEIGHT : YEARS_HEIGHT;
    const options: uPlot.Options = profile
      ? {
          width: el.clientWidth || 320,
          height,
          legend: { show: false },
          // The depth is the x scale, drawn vertically and downwards (ori 1, dir -1); the value runs across the top.
          scales: { x: { time: false, ori: 1, dir: -1 }, y: { ori: 0 } },
          axes: [
            { side: 3, label: "Depth (m)", values: (_u, splits) => splits.map((v) => label(v)) },
            { side: 0, label: chart.label, size: 40, values: (_u, splits) => splits.map((v) => label(v)) },
          ],
          series: [{}, { label: chart.label, stroke: LINE, width: 2, points: { show: true, size: 6, fill: LINE } }],
        }
      : {
          width: el.clientWidth || 320,
          height,
          legend: { show: false },
          scales: { x: { time: false } },
          axes: [
            { splits: (_u, _i, min, max) => yearTicks(min, max, el.clientWidth < 560 ? 6 : 12), values: (_u, splits) => splits.map(yearLabel) },
            { label: chart.label, size: 60, values: (_u, splits) => splits.map((v) => label(v)) },
          ],
          series: [{}, { label: chart.label, stroke: LINE, width: 2, points: { show: chart.points.length <= 60, size: 5, fill: LINE } }],
        };
    const plot = new uPlot(options, [xs, ys], el);
    const observer = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [chart]);
  return <div ref={ref} className="chart-plot" />;
}
