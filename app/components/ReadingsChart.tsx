import { lazy, Suspense, useEffect, useState, Component, type ReactNode } from "react";
import { CHART_HEIGHT } from "#app/lib/beach.ts";

export interface ChartReading {
  date: string;
  value: number;
}

const UPlotChart = lazy(() => import("./UPlotChart.tsx"));

const UNAVAILABLE = "Chart not available...";

class ChartErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className="empty">{UNAVAILABLE}</p> : this.props.children;
  }
}

/**
 * The chart of the latest readings, 300 px high. The chart library is loaded only here, after the page is shown;
 * without JavaScript, or when it fails to load, the box says "Chart not available..." (the table below carries the
 * same data).
 */
export function ReadingsChart({ readings }: { readings: ChartReading[] }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div className="chart-box" aria-hidden="true">
      {mounted ? (
        <ChartErrorBoundary>
          <Suspense fallback={null}>
            <UPlotChart readings={readings} height={CHART_HEIGHT} />
          </Suspense>
        </ChartErrorBoundary>
      ) : (
        <noscript>
          <p className="empty">{UNAVAILABLE}</p>
        </noscript>
      )}
    </div>
  );
}
