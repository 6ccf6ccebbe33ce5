/** uPlot line chart of readings with the 235 and 1000 thresholds; loaded lazily by ReadingsChart. */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { CAUTION_THRESHOLD, CLOSED_THRESHOLD, READING_UNIT } from "./status.ts";
import { dateAxisLabels, type ChartReading } from "./chart-axis.ts";
import { formatNumber } from "#app/platform/text/format.ts";

export default function UPlotChart({ readings, height }: { readings: ChartReading[]; height: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const xs = readings.map((r) => Date.parse(`${r.date}T12:00:00Z`) / 1000);
    const ys = readings.map((r) => r.value);
    const flat = (v: number) => xs.map(() => v);
    const plot = new uPlot(
      {
        width: el.clientWidth || 320,
        height,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), "UTC"),
        scales: { y: { range: (_u, _min, max) => [0, Math.max(max, CLOSED_THRESHOLD * 1.1)] } },
        legend: { show: false },
        axes: [
          // Labels come from app/platform/text/format.ts, not uPlot's Intl formatters (built only on first use, vite/uplot-lazy-intl.ts).
          {
            // One tick per sample, labelled by date; on a narrow screen every other label is left out.
            splits: () => xs,
            values: (u, splits) => dateAxisLabels(splits, u.width),
          },
          { label: `E. coli ${READING_UNIT}`, size: 60, values: (_u, splits) => splits.map((v) => formatNumber(v, 2)) },
        ],
        series: [
          {},
          { label: "E. coli", stroke: "#0b6b8a", width: 2, points: { show: true, size: 6, fill: "#0b6b8a" } },
          { label: `Caution (${CAUTION_THRESHOLD})`, stroke: "#c2410c", dash: [6, 4], points: { show: false } },
          { label: `Closed (over ${CLOSED_THRESHOLD})`, stroke: "#b91c1c", dash: [2, 4], points: { show: false } },
        ],
      },
      [xs, ys, flat(CAUTION_THRESHOLD), flat(CLOSED_THRESHOLD)],
      el,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [readings, height]);
  return (
    <>
      <div ref={ref} className="chart-plot" />
      <p className="muted chart-key">
        <span className="key-line" /> E. coli {READING_UNIT} · <span className="key-line caution" /> Caution from {CAUTION_THRESHOLD} ·{" "}
        <span className="key-line closed" /> Closed above {CLOSED_THRESHOLD}
      </p>
    </>
  );
}
