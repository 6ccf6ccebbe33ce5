/**
 * A result as a Water Quality Portal row: the columns by their WQP names, the lab's qualifier as WQX's
 * ResultDetectionConditionText with the limit beside the value, and local times with their WQX time zone code.
 */
import { describe, expect, it } from "vitest";
import { BUILTIN_PARAMETERS } from "./parameters.ts";
import { activityIdentifier, organizationIdentifier, timeZoneCode, WQX_COLUMNS, wqxRow, type WqxResult } from "./wqx.ts";

const ORGANIZATION = { identifier: "HERONLAKE.EXAMPLE.ORG", name: "Heron Lake Association", timeZone: "America/Chicago" };
const SITE = { identifier: "HERON-BEACH", name: "Heron Lake Public Beach" };
const parameter = (id: string) => BUILTIN_PARAMETERS.find((p) => p.id === id)!;
const ID = "0b7d8f7e-2c1a-4c3e-9f00-123456789abc";

function result(overrides: Partial<WqxResult> = {}): WqxResult {
  return { id: ID, date: "2026-07-01", time: "", depth: null, value: 84, qualifier: "", detectionLimit: null, ...overrides };
}

/** The columns of a row that are not empty. */
const filled = (row: Record<string, string>) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== ""));

describe("WQX_COLUMNS", () => {
  it("are the Water Quality Portal's result columns the issue names, once each", () => {
    for (const name of [
      "OrganizationIdentifier",
      "OrganizationFormalName",
      "MonitoringLocationIdentifier",
      "MonitoringLocationName",
      "ActivityStartDate",
      "ActivityStartTime/Time",
      "ActivityStartTime/TimeZoneCode",
      "ActivityDepthHeightMeasure/MeasureValue",
      "ActivityDepthHeightMeasure/MeasureUnitCode",
      "CharacteristicName",
      "ResultMeasureValue",
      "ResultMeasure/MeasureUnitCode",
      "ResultDetectionConditionText",
      "DetectionQuantitationLimitMeasure/MeasureValue",
      "DetectionQuantitationLimitMeasure/MeasureUnitCode",
    ]) {
      expect(WQX_COLUMNS).toContain(name);
    }
    expect(new Set(WQX_COLUMNS).size).toBe(WQX_COLUMNS.length);
    // WQP's order: the organization first, the provider last.
    expect(WQX_COLUMNS[0]).toBe("OrganizationIdentifier");
    expect(WQX_COLUMNS.at(-1)).toBe("ProviderName");
  });
});

describe("wqxRow", () => {
  it("writes a plain E. coli result with its site, characteristic and unit, and nothing it does not know", () => {
    expect(filled(wqxRow(result(), SITE, parameter("ecoli"), ORGANIZATION))).toEqual({
      OrganizationIdentifier: "HERONLAKE.EXAMPLE.ORG",
      OrganizationFormalName: "Heron Lake Association",
      ActivityIdentifier: "0b7d8f7e2c1a4c3e9f00123456789abc",
      ActivityTypeCode: "Sample-Routine",
      ActivityMediaName: "Water",
      ActivityStartDate: "2026-07-01",
      MonitoringLocationIdentifier: "HERON-BEACH",
      MonitoringLocationName: "Heron Lake Public Beach",
      CharacteristicName: "Escherichia coli",
      ResultMeasureValue: "84",
      "ResultMeasure/MeasureUnitCode": "cfu/100ml",
    });
  });

  it("writes >2419.6 as the value 2419.6, present above the quantification limit of 2419.6", () => {
    const row = wqxRow(result({ value: 2419.6, qualifier: ">", detectionLimit: 2419.6 }), SITE, parameter("ecoli"), ORGANIZATION);
    expect(row.ResultMeasureValue).toBe("2419.6");
    expect(row.ResultDetectionConditionText).toBe("Present Above Quantification Limit");
    expect(row.DetectionQuantitationLimitTypeName).toBe("Upper Quantitation Limit");
    expect(row["DetectionQuantitationLimitMeasure/MeasureValue"]).toBe("2419.6");
    expect(row["DetectionQuantitationLimitMeasure/MeasureUnitCode"]).toBe("cfu/100ml");
  });

  it("writes <10 as the value 10, present below the quantification limit of 10", () => {
    const row = wqxRow(result({ value: 10, qualifier: "<", detectionLimit: 10 }), SITE, parameter("ecoli"), ORGANIZATION);
    expect([row.ResultMeasureValue, row.ResultDetectionConditionText, row["DetectionQuantitationLimitMeasure/MeasureValue"]]).toEqual(["10", "Present Below Quantification Limit", "10"]);
    expect(row.DetectionQuantitationLimitTypeName).toBe("Lower Quantitation Limit");
  });

  it("leaves a not-detected value empty, says Not Detected, and gives the detection limit when there is one", () => {
    const withLimit = wqxRow(result({ value: 0, qualifier: "ND", detectionLimit: 0.3 }), SITE, parameter("microcystins"), ORGANIZATION);
    expect(withLimit.ResultMeasureValue).toBe("");
    expect(withLimit.ResultDetectionConditionText).toBe("Not Detected");
    expect(withLimit.CharacteristicName).toBe("Microcystins");
    expect([withLimit["DetectionQuantitationLimitMeasure/MeasureValue"], withLimit["DetectionQuantitationLimitMeasure/MeasureUnitCode"]]).toEqual(["0.3", "ug/L"]);
    const without = wqxRow(result({ value: 0, qualifier: "ND" }), SITE, parameter("ecoli"), ORGANIZATION);
    expect([without.ResultMeasureValue, without.ResultDetectionConditionText, without["DetectionQuantitationLimitMeasure/MeasureValue"], without.DetectionQuantitationLimitTypeName]).toEqual(["", "Not Detected", "", ""]);
  });

  it("writes a profile reading's time, zone and depth, as a field measurement", () => {
    const row = wqxRow(result({ time: "09:45", depth: 4.5, value: 18.25 }), SITE, parameter("temperature"), ORGANIZATION);
    expect(row["ActivityStartTime/Time"]).toBe("09:45:00");
    expect(row["ActivityStartTime/TimeZoneCode"]).toBe("CDT");
    expect([row["ActivityDepthHeightMeasure/MeasureValue"], row["ActivityDepthHeightMeasure/MeasureUnitCode"]]).toEqual(["4.5", "m"]);
    expect([row.CharacteristicName, row.ResultMeasureValue, row["ResultMeasure/MeasureUnitCode"], row.ActivityTypeCode]).toEqual(["Temperature, water", "18.25", "deg C", "Field Msr/Obs"]);
  });

  it("names total phosphorus's fraction, and writes a tiny value without an exponent", () => {
    const row = wqxRow(result({ value: 0.0000005 }), SITE, parameter("phosphorus"), ORGANIZATION);
    expect(row.ResultSampleFractionText).toBe("Total");
    expect(row.ResultMeasureValue).toBe("0.0000005");
  });

  it("leaves the site's columns empty for a result without a site", () => {
    const row = wqxRow(result(), undefined, parameter("ecoli"), ORGANIZATION);
    expect([row.MonitoringLocationIdentifier, row.MonitoringLocationName]).toEqual(["", ""]);
  });
});

describe("timeZoneCode", () => {
  it("is the North American code of the local time, standard or daylight, on both sides of the change", () => {
    expect(timeZoneCode("America/Chicago", "2026-07-01", "10:30")).toBe("CDT");
    expect(timeZoneCode("America/Chicago", "2026-01-15", "10:30")).toBe("CST");
    // 1 November 2026: CDT until 02:00, then CST.
    expect(timeZoneCode("America/Chicago", "2026-11-01", "00:30")).toBe("CDT");
    expect(timeZoneCode("America/Chicago", "2026-11-01", "09:00")).toBe("CST");
    expect(timeZoneCode("America/New_York", "2026-07-01", "10:30")).toBe("EDT");
    expect(timeZoneCode("America/Phoenix", "2026-07-01", "10:30")).toBe("MST");
    expect(timeZoneCode("America/Anchorage", "2026-07-01", "10:30")).toBe("AKDT");
    expect(timeZoneCode("Pacific/Honolulu", "2026-07-01", "10:30")).toBe("HST");
    expect(timeZoneCode("UTC", "2026-07-01", "10:30")).toBe("UTC");
  });

  it("is empty for a zone WQX has no code for", () => {
    expect(timeZoneCode("Europe/Berlin", "2026-07-01", "10:30")).toBe("");
  });
});

describe("identifiers", () => {
  it("ActivityIdentifier fits WQX's 35 characters; the organization is the public host", () => {
    expect(activityIdentifier(ID)).toHaveLength(32);
    expect(organizationIdentifier("https://heronlake.example.org")).toBe("HERONLAKE.EXAMPLE.ORG");
    expect(organizationIdentifier(`https://${"a".repeat(60)}.org`)).toHaveLength(35);
  });
});
