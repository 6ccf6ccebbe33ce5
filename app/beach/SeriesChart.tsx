import { lazy, Suspense, useEffect, useRef, useState, Component, type ReactNode } from "react";
import type { SeriesChartSpec } from "./series-chart.ts";

export type { SeriesChartSpec };

const UPlotSeriesChart = lazy(() => import("./UPlotSeriesChart.tsx"));

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
 * A site page's chart (a parameter over the years, or a profile by depth), loaded as ReadingsChart loads the
 * readings' chart: uPlot only here, only once the box is within a screen's height of the viewport, in a task of its
 * own after hydration. Hidden from screen readers: the table beside it carries the same figures, and is what a
 * visitor without JavaScript reads ("Chart not available..." stands in the box).
 */
export function SeriesChart({ chart }: { chart: SeriesChartSpec }) {
  const box = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setMounted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setMounted(true);
          observer.disconnect();
        }
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={`chart-box${chart.kind === "profile" ? " profile-chart" : ""}`} aria-hidden="true" ref={box}>
      {mounted ? (
        <ChartErrorBoundary>
          <Suspense fallback={null}>
            <UPlotSeriesChart chart={chart} />
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
