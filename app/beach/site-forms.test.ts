import { describe, expect, it } from "vitest";
import { parseForm } from "#app/platform/text/forms.ts";
import { BUILTIN_PARAMETERS } from "./parameters.ts";
import { parameterFormSchema, resultFormSchema, siteFormSchema, suggestIdentifier } from "./site-forms.ts";

describe("suggestIdentifier", () => {
  it("makes a WQX identifier of letters, digits and dashes from the name", () => {
    expect(suggestIdentifier("North Beach")).toBe("NORTH-BEACH");
    expect(suggestIdentifier("Heron Lake – Deep Hole #1")).toBe("HERON-LAKE-DEEP-HOLE-1");
    expect(suggestIdentifier("Plage de l'Île")).toBe("PLAGE-DE-L-ILE");
    expect(suggestIdentifier("!!!")).toBe("SITE");
    expect(suggestIdentifier("a ".repeat(40)).length).toBeLessThanOrEqual(35);
  });
});

describe("siteFormSchema", () => {
  const site = { name: "Deep hole", kind: "station", identifier: "", latitude: "45.12345", longitude: "-89.54321", profile: "spec" };

  it("reads decimal degrees and leaves an empty identifier to the name", () => {
    const parsed = parseForm(siteFormSchema, site);
    expect(parsed.ok && parsed.data).toEqual({ ...site, latitude: 45.12345, longitude: -89.54321 });
  });

  it("takes a site without coordinates", () => {
    const parsed = parseForm(siteFormSchema, { ...site, latitude: "", longitude: "" });
    expect(parsed.ok && parsed.data).toMatchObject({ latitude: null, longitude: null });
  });

  it("refuses coordinates out of range, half of a pair, and an identifier with other characters", () => {
    const errors = (fields: Record<string, string>) => {
      const parsed = parseForm(siteFormSchema, { ...site, ...fields });
      return parsed.ok ? {} : parsed.result.fieldErrors;
    };
    expect(errors({ latitude: "91" }).latitude).toBe("Enter the latitude in decimal degrees, from -90 to 90 (e.g. 45.12345)");
    expect(errors({ longitude: "-180.5" }).longitude).toBe("Enter the longitude in decimal degrees, from -180 to 180 (west is negative, e.g. -89.54321)");
    expect(errors({ latitude: "45°7'N" }).latitude).toMatch(/^Enter the latitude/);
    expect(errors({ longitude: "" }).longitude).toBe("Enter both the latitude and the longitude, or neither");
    expect(errors({ identifier: "deep hole" }).identifier).toBe("Use letters, digits, dashes, dots and underscores only, e.g. HERON-DEEP-1");
    expect(errors({ kind: "pier" }).kind).toBe("Choose Beach or Open-water station");
    expect(errors({ profile: "ohio" }).profile).toBe("Choose a rule profile");
  });
});

describe("parameterFormSchema", () => {
  it("reads a parameter of the board's own, its range checked", () => {
    const fields = { name: "Turbidity", characteristicName: "Turbidity", unitCode: "NTU", unitLabel: "NTU", depthProfile: "on", minValue: "0", maxValue: "4000" };
    const parsed = parseForm(parameterFormSchema, fields);
    expect(parsed.ok && parsed.data).toEqual({ ...fields, depthProfile: true, minValue: 0, maxValue: 4000 });
    const refused = parseForm(parameterFormSchema, { ...fields, maxValue: "0" });
    expect(refused.ok ? {} : refused.result.fieldErrors).toEqual({ maxValue: "The largest value must be above the smallest" });
  });
});

describe("resultFormSchema", () => {
  const schema = resultFormSchema("2026-07-01", BUILTIN_PARAMETERS, ["beach", "deep"]);
  const base = { resultSite: "deep", parameterId: "microcystins", resultDate: "2026-06-30", resultTime: "", result: "<10", depth: "" };
  const read = (fields: Partial<typeof base>) => parseForm(schema, { ...base, ...fields });
  const errors = (fields: Partial<typeof base>) => {
    const parsed = read(fields);
    return parsed.ok ? {} : parsed.result.fieldErrors;
  };

  it("keeps the lab's qualifier: <10 is 10 below the detection limit", () => {
    const parsed = read({});
    expect(parsed.ok && parsed.data).toEqual({ siteId: "deep", parameterId: "microcystins", date: "2026-06-30", time: "", value: 10, qualifier: "<", detectionLimit: 10, depth: null });
    expect(read({ parameterId: "ecoli", result: ">2419.6" }).ok && read({ parameterId: "ecoli", result: ">2419.6" })).toMatchObject({ data: { value: 2419.6, qualifier: ">" } });
    expect(read({ result: "ND" })).toMatchObject({ ok: true, data: { value: 0, qualifier: "ND", detectionLimit: null } });
  });

  it("keeps the specification's messages for E. coli and uses the parameter's range for the others", () => {
    expect(errors({ parameterId: "ecoli", result: "-5" }).result).toBe("Please enter a valid positive number for the measurement value");
    expect(errors({ parameterId: "ecoli", result: "abc" }).result).toBe("Please enter a valid positive number for the measurement value");
    expect(errors({ parameterId: "ecoli", result: "1000001" }).result).toBe("A reading can be at most 1,000,000 per 100 mL");
    expect(errors({ result: "200000" }).result).toBe("A Microcystins result is from 0 to 100,000 µg/L");
    expect(errors({ resultDate: "2026-07-02" }).resultDate).toBe("The sample date cannot be after today");
    expect(errors({ resultSite: "elsewhere" }).resultSite).toBe("Choose one of the sites");
  });

  it("takes a depth and a negative value only where the parameter has them", () => {
    expect(read({ parameterId: "temperature", result: "-1.5", depth: "12.5", resultTime: "06:45" })).toMatchObject({ ok: true, data: { value: -1.5, depth: 12.5, time: "06:45" } });
    expect(errors({ parameterId: "temperature", result: "-3" }).result).toMatch(/^A Water temperature result is from -2 to 45 °C/);
    expect(errors({ depth: "3" }).depth).toBe("Microcystins has no sample depth: leave the depth empty");
    expect(errors({ resultTime: "25:00" }).resultTime).toBe("Enter the time as HH:MM, e.g. 09:30, or leave it empty");
  });
});
