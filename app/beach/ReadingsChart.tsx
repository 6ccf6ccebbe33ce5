import { lazy, Suspense, useEffect, useRef, useState, Component, type ReactNode } from "react";
import type { ChartReading } from "./chart-axis.ts";
import { CHART_HEIGHT } from "./status.ts";

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
 * The chart of the latest readings, 300 px high. The chart library is loaded only here, and only once the box is
 * near the screen (within a screen's height of it, as it is at once on most screens): drawing it is the longest task
 * of the page, and this way it runs in a task of its own after hydration, or not at all for a visitor who never
 * scrolls near it. Without JavaScript, or when it fails to load, the box says "Chart not available..." (the table
 * below carries the same data).
 */
export function ReadingsChart({ readings }: { readings: ChartReading[] }) {
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
    <div className="chart-box" aria-hidden="true" ref={box}>
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
