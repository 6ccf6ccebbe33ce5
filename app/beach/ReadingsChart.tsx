import { lazy } from "react";
import type { ChartReading } from "./chart-axis.ts";
import { CHART_HEIGHT } from "./status.ts";
import { LazyChartBox } from "./LazyChartBox.tsx";

const UPlotChart = lazy(() => import("./UPlotChart.tsx"));

/**
 * The chart of the latest readings, 300 px high, drawn by uPlot once the box is near the screen (`LazyChartBox`);
 * the readings' table below carries the same data.
 */
export function ReadingsChart({ readings }: { readings: ChartReading[] }) {
  return (
    <LazyChartBox>
      <UPlotChart readings={readings} height={CHART_HEIGHT} />
    </LazyChartBox>
  );
}
