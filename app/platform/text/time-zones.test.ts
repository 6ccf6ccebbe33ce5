import { describe, expect, it } from "vitest";
import { canonicalZone, canonicalZones, groupZones, RENAMED_ZONES } from "./time-zones.ts";

const ICU = Intl.supportedValuesOf("timeZone");

describe("the time-zone list (issue 26)", () => {
  const zones = canonicalZones(ICU);

  it("has today's names only: Asia/Kolkata and Europe/Kyiv, no Asia/Calcutta or Europe/Kiev", () => {
    expect(zones).toContain("Asia/Kolkata");
    expect(zones).toContain("Europe/Kyiv");
    expect(zones).not.toContain("Asia/Calcutta");
    expect(zones).not.toContain("Europe/Kiev");
    for (const old of Object.keys(RENAMED_ZONES)) expect(zones).not.toContain(old);
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("lists only names the runtime can format with", () => {
    for (const zone of zones) expect(() => new Intl.DateTimeFormat("en", { timeZone: zone }), zone).not.toThrow();
  });

  it("reads a saved old name as today's, and leaves others alone", () => {
    expect(canonicalZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalZone("America/Chicago")).toBe("America/Chicago");
  });

  it("groups by region, regions in order, labels without the region and with spaces", () => {
    const groups = groupZones(zones);
    expect(groups.map((g) => g.region)).toEqual([...new Set(zones.map((z) => z.split("/")[0]))].sort());
    const america = groups.find((g) => g.region === "America")!;
    expect(america.zones).toContainEqual({ value: "America/New_York", label: "New York" });
    expect(america.zones).toContainEqual({ value: "America/Argentina/Buenos_Aires", label: "Argentina/Buenos Aires" });
    expect(groups.flatMap((g) => g.zones.map((z) => z.value))).toHaveLength(zones.length);
    expect(groupZones(["UTC"])).toEqual([{ region: "Other", zones: [{ value: "UTC", label: "UTC" }] }]);
  });
});
