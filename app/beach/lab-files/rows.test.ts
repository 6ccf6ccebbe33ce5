import { describe, expect, it } from "vitest";
import { BUILTIN_PARAMETERS } from "#app/beach/parameters.ts";
import { guessMapping, headerNames } from "./columns.ts";
import { readRow, type RowContext } from "./rows.ts";

const SITES = [{ id: "s1", name: "North Beach", identifier: "HERON-NORTH" }];
const WQP = ["MonitoringLocationIdentifier", "ActivityStartDate", "ActivityStartTime/Time", "CharacteristicName", "ResultMeasureValue", "ResultMeasure/MeasureUnitCode", "ResultDetectionConditionText", "DetectionQuantitationLimitMeasure/MeasureValue", "ActivityDepthHeightMeasure/MeasureValue"];

function context(header: string[]): RowContext {
  return { mapping: guessMapping(header, BUILTIN_PARAMETERS), names: headerNames(header), columnDates: new Map(), parameters: BUILTIN_PARAMETERS, sites: SITES, today: "2026-11-27", createSites: false };
}

describe("readRow with the Water Quality Portal's columns", () => {
  const ctx = context(WQP);
  it("reads a result with its site by identifier, time and depth", () => {
    expect(readRow(["heron-north", "2026-07-01", "10:30:00", "Temperature, water", "21.5", "deg C", "", "", "2"], ctx)).toEqual({
      results: [{ date: "2026-07-01", time: "10:30", siteId: "s1", newSite: "", parameterId: "temperature", value: 21.5, qualifier: "", detectionLimit: null, depth: 2 }],
      problems: [],
      unknownSites: [],
    });
  });
  it("reads WQX detection conditions: not detected with its limit and no value, above the limit with one", () => {
    expect(readRow(["HERON-NORTH", "2026-07-01", "", "Microcystins", "", "", "Not Detected", "0.3", ""], ctx).results).toEqual([
      { date: "2026-07-01", time: "", siteId: "s1", newSite: "", parameterId: "microcystins", value: 0.3, qualifier: "ND", detectionLimit: 0.3, depth: null },
    ]);
    expect(readRow(["HERON-NORTH", "2026-07-01", "", "Escherichia coli", "2419.6", "MPN/100mL", "Present Above Quantification Limit", "", ""], ctx).results[0]).toMatchObject({ value: 2419.6, qualifier: ">", detectionLimit: 2419.6 });
  });
  it("names each problem of a row: a unit not the parameter's, a qualifier it does not know, a site not known", () => {
    expect(readRow(["Heron South", "2026-07-01", "", "Depth, Secchi disk depth", "3", "ft", "Maybe", "", ""], ctx)).toEqual({
      results: [],
      problems: [
        { message: 'site "Heron South" is not one of the sites' },
        { message: "unit \"ft\" is not Secchi depth's (m); results are not converted" },
        { message: 'qualifier "Maybe" is not <, >, ND or a WQX detection condition' },
      ],
      unknownSites: ["Heron South"],
    });
  });
  it("refuses a value outside the parameter's range and a depth that is not one", () => {
    expect(readRow(["HERON-NORTH", "2026-07-01", "", "Temperature, water", "80", "deg C", "", "", "deep"], ctx).problems.map((p) => p.message)).toEqual([
      "value 80 is outside Water temperature's range (-2 to 45 °C)",
      'depth "deep" is not a depth in metres',
    ]);
  });
  it("skips a row with neither date nor result: a beach not sampled that day", () => {
    expect(readRow(["HERON-NORTH", "", "", "Escherichia coli", "", "", "", "", ""], ctx)).toEqual({ results: [], problems: [], unknownSites: [] });
  });
});
