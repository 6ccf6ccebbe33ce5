import { Suspense, useEffect, useRef, useState, Component, type ReactNode } from "react";

/** What the box says without JavaScript, or when the chart library fails to load (spec §9). */
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
 * The box a chart is drawn in, loading it late: `children` (a chart made with React's `lazy`, so that the chart
 * library is fetched only here) is rendered only once the box is near the screen (within a screen's height of it,
 * as it is at once on most screens). Drawing a chart is the longest task of its page; this way it runs in a task of
 * its own after hydration, or not at all for a visitor who never scrolls near it. Without JavaScript, or when the
 * chart fails to load, the box says "Chart not available..."; it is hidden from screen readers, since a table beside
 * every chart carries the same figures.
 * @param className the box's classes ("chart-box" and any of its own)
 */
export function LazyChartBox({ className = "chart-box", children }: { className?: string; children: ReactNode }) {
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
    <div className={className} aria-hidden="true" ref={box}>
      {mounted ? (
        <ChartErrorBoundary>
          <Suspense fallback={null}>{children}</Suspense>
        </ChartErrorBoundary>
      ) : (
        <noscript>
          <p className="empty">{UNAVAILABLE}</p>
        </noscript>
      )}
    </div>
  );
}
