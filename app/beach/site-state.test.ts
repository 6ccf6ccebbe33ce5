/**
 * `siteState` (issue 27): under the spec profile with E. coli only it is `beachState` exactly; a cyanotoxin or a
 * bloom report worse than E. coli decides the status and says so; the board's advisory still overrides everything.
 */
import { describe, expect, it } from "vitest";
import { beachState } from "./state.ts";
import { siteState } from "./site-state.ts";
import type { SampleResult } from "./profiles.ts";

const TODAY = "2026-07-10";
const plain = (date: string, value: number): SampleResult => ({ date, value, qualifier: "", detectionLimit: null });

describe("siteState", () => {
  it.each([40, 235, 1000, 1500])("with the spec profile and E. coli only it is beachState (a reading of %s)", (value) => {
    const { decidedBy, verdicts, bloom, notes, ...state } = siteState("spec", { ecoli: [plain("2026-07-09", value)], toxins: {} }, null, TODAY);
    expect(state).toEqual(beachState({ date: "2026-07-09", value }, null, TODAY));
    expect(decidedBy?.parameterId).toBe("ecoli");
    expect(verdicts).toHaveLength(1);
    expect(bloom).toBeNull();
    expect(notes).toEqual([]);
  });

  it("stale, and with no reading at all, as beachState", () => {
    const { decidedBy: _a, verdicts: _b, bloom: _c, notes: _d, ...stale } = siteState("spec", { ecoli: [plain("2026-07-01", 40)], toxins: {} }, null, TODAY);
    expect(stale).toEqual(beachState({ date: "2026-07-01", value: 40 }, null, TODAY));
    expect(siteState("spec", { ecoli: [], toxins: {} }, null, TODAY)).toMatchObject({ status: null, key: "none", decidedBy: null });
  });

  it("microcystins above 8 µg/L decide over an Open E. coli reading, and the key says which", () => {
    const state = siteState("spec", { ecoli: [plain("2026-07-09", 40)], toxins: { microcystins: [plain("2026-07-09", 9.1)] } }, null, TODAY);
    expect(state).toMatchObject({ status: "Caution", key: "Caution:microcystins", decidedBy: { text: "microcystins 9.1 µg/L" } });
    expect(state.latest?.status).toBe("Open");
    expect(state.notes).toEqual(["Decided by microcystins 9.1 µg/L, sampled Jul 9, 2026."]);
  });

  it("a red bloom report closes the beach; a green one leaves a Caution reading as it is", () => {
    const red = siteState("spec", { ecoli: [plain("2026-07-09", 40)], toxins: {} }, { kind: "bloom", level: "red", reason: "Scum at the swim area", postedAt: 1 }, TODAY);
    expect(red).toMatchObject({ status: "Closed", key: "Closed:bloom", bloom: { level: "red" }, advisory: null });
    expect(red.notes).toEqual(["Bloom report from the board: red (bloom). Scum at the swim area"]);
    const green = siteState("spec", { ecoli: [plain("2026-07-09", 300)], toxins: {} }, { kind: "bloom", level: "green", reason: "", postedAt: 1 }, TODAY);
    expect(green).toMatchObject({ status: "Caution", key: "Caution", decidedBy: { parameterId: "ecoli" } });
  });

  it("the board's advisory overrides a cyanotoxin, as it overrides the reading", () => {
    const state = siteState(
      "spec",
      { ecoli: [plain("2026-07-09", 40)], toxins: { microcystins: [plain("2026-07-09", 20)] } },
      { kind: "board", status: "Closed", reason: "Spill", postedAt: 5 },
      TODAY,
    );
    expect(state).toMatchObject({ status: "Closed", key: "advisory:Closed:5", decidedBy: null });
  });

  it("another profile's E. coli verdict is the reading's status: EPA 2012's STV closes at 500", () => {
    const state = siteState("epa2012", { ecoli: [plain("2026-07-09", 500)], toxins: {} }, null, TODAY);
    expect(state).toMatchObject({ status: "Closed", key: "Closed", latest: { status: "Closed" } });
    expect(siteState("spec", { ecoli: [plain("2026-07-09", 500)], toxins: {} }, null, TODAY).status).toBe("Caution");
  });
});
