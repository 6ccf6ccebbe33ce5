import { lazy } from "react";
import type { SeriesChartSpec } from "./series-chart.ts";
import { LazyChartBox } from "./LazyChartBox.tsx";

export type { SeriesChartSpec };

const UPlotSeriesChart = lazy(() => import("./UPlotSeriesChart.tsx"));

/**
 * A site page's chart (a parameter over the years, or a profile by depth), drawn by uPlot once the box is near the
 * screen (`LazyChartBox`, as the readings' chart); the table beside it carries the same figures.
 */
export function SeriesChart({ chart }: { chart: SeriesChartSpec }) {
  return (
    <LazyChartBox className={`chart-box${chart.kind === "profile" ? " profile-chart" : ""}`}>
      <UPlotSeriesChart chart={chart} />
    </LazyChartBox>
  );
}
