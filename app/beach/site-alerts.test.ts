/**
 * A site's alert (issue 27): a cyanotoxin that decides says so, even when the E. coli reading is old; a bloom report
 * is told; a site under another profile states its own rules, not the spec's; the link leads to the site's section.
 */
import { describe, expect, it } from "vitest";
import { composeBeachAlert, siteAnchor } from "./alerts.server.ts";
import { siteState } from "./site-state.ts";
import type { SampleResult } from "./profiles.ts";

const plain = (date: string, value: number): SampleResult => ({ date, value, qualifier: "", detectionLimit: null });
const options = { beachName: "North Beach", publicUrl: "https://heronlake.example.org", anchor: siteAnchor({ identifier: "HERON NORTH" }, false) };

describe("composeBeachAlert for a site", () => {
  it("a cyanotoxin's Caution over a stale E. coli reading is a Caution alert that names the toxin", () => {
    const state = siteState("spec", { ecoli: [plain("2026-06-20", 40)], toxins: { microcystins: [plain("2026-07-09", 9.1)] } }, null, "2026-07-10");
    const alert = composeBeachAlert(state, "Open:stale", options);
    expect(alert.subject).toBe("Beach status at North Beach: Caution");
    expect(alert.text).toContain("Decided by: microcystins 9.1 µg/L.");
    expect(alert.text).toContain("https://heronlake.example.org/the-lake#site-HERON-NORTH");
  });

  it("a bloom report is told once, not as 'decided by'", () => {
    const state = siteState("spec", { ecoli: [plain("2026-07-09", 40)], toxins: {} }, { kind: "bloom", level: "yellow", reason: "", postedAt: 1 }, "2026-07-10");
    const alert = composeBeachAlert(state, "Open", options);
    expect(alert.subject).toBe("Beach status at North Beach: Caution");
    expect(alert.text).toContain("The board reports a bloom level of yellow.");
    expect(alert.text).not.toContain("Decided by");
  });

  it("a site under EPA 2012 states its rules; a site under the spec's keeps the spec's sentence", () => {
    const state = siteState("epa2012", { ecoli: [plain("2026-07-09", 500)], toxins: {} }, null, "2026-07-10");
    const epa = composeBeachAlert(state, "Open", { ...options, profile: "epa2012" });
    expect(epa.subject).toBe("Beach status at North Beach: Closed");
    expect(epa.text).toContain("The rules at North Beach: US EPA 2012: beach action value 235, statistical threshold value 410, 30-day geometric mean 126;");
    expect(epa.text).not.toContain("What the statuses mean");
    const spec = composeBeachAlert(state, "Open", { ...options, profile: "spec" });
    expect(spec.text).toContain("What the statuses mean: Open below 235");
  });
});
