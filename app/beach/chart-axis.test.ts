import { describe, expect, it } from "vitest";
import { dateAxisLabels, NARROW_CHART_WIDTH } from "./chart-axis.ts";

const noon = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;
const days = (count: number) => Array.from({ length: count }, (_, i) => noon(`2026-11-${String(i + 1).padStart(2, "0")}`));

describe("dateAxisLabels", () => {
  it("labels every sample on a wide chart", () => {
    expect(dateAxisLabels(days(4), NARROW_CHART_WIDTH)).toEqual(["Nov 1", "Nov 2", "Nov 3", "Nov 4"]);
  });

  it("labels every other sample on a narrow chart, the latest always, never two neighbours", () => {
    // An even count was where the latest and the one before it were both labelled ("Nov 24" over "Nov 25" at 390 px).
    expect(dateAxisLabels(days(4), 350)).toEqual(["", "Nov 2", "", "Nov 4"]);
    expect(dateAxisLabels(days(5), 350)).toEqual(["Nov 1", "", "Nov 3", "", "Nov 5"]);
    for (let count = 1; count <= 25; count++) {
      const labels = dateAxisLabels(days(count), 350);
      expect(labels.at(-1)).not.toBe("");
      labels.forEach((label, i) => {
        if (i > 0 && label !== "") expect(labels[i - 1]).toBe("");
      });
    }
  });

  it("labels nothing when there are no samples", () => {
    expect(dateAxisLabels([], 350)).toEqual([]);
  });
});
