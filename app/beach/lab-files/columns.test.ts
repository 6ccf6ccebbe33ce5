import { describe, expect, it } from "vitest";
import { BUILTIN_PARAMETERS } from "#app/beach/parameters.ts";
import { findHeaderRow, findParameter, guessField, guessMapping, headerNames, mappingProblems, sourceKey } from "./columns.ts";

const P = BUILTIN_PARAMETERS;

describe("guessField: a column's meaning from its name", () => {
  it("reads the Water Quality Portal's names exactly", () => {
    expect(
      ["MonitoringLocationIdentifier", "ActivityStartDate", "ActivityStartTime/Time", "CharacteristicName", "ResultMeasureValue", "ResultMeasure/MeasureUnitCode", "ResultDetectionConditionText", "DetectionQuantitationLimitMeasure/MeasureValue", "ActivityDepthHeightMeasure/MeasureValue"].map(guessField),
    ).toEqual(["site", "date", "time", "parameter", "value", "unit", "qualifier", "detectionLimit", "depth"]);
    // Their neighbours mean nothing here.
    expect(["ActivityStartTime/TimeZoneCode", "DetectionQuantitationLimitMeasure/MeasureUnitCode", "ResultIdentifier", "ActivityIdentifier", "MonitoringLocationName"].map(guessField)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
  it("reads plain names case- and punctuation-insensitively", () => {
    expect(["Date", "sample_date", "Date/Time", "Sample Collection Time", "Beach", "Client ID", "Result", "Units", "Qualifier", "MDL", "Depth (m)", "Mean", "Sample 1"].map(guessField)).toEqual([
      "date", "date", "date", "time", "site", "site", "value", "unit", "qualifier", "detectionLimit", "depth", undefined, undefined,
    ]);
  });
  it("finds parameters by id, name and WQX characteristic name", () => {
    expect(findParameter(P, "Escherichia coli")?.id).toBe("ecoli");
    expect(findParameter(P, "E. coli")?.id).toBe("ecoli");
    expect(findParameter(P, "escherichia_coli")?.id).toBe("ecoli");
    expect(findParameter(P, "Dissolved oxygen (DO)")?.id).toBe("oxygen");
    expect(findParameter(P, "Depth, Secchi disk depth")?.id).toBe("secchi");
    expect(findParameter(P, "Barium")).toBeUndefined();
  });
});

describe("findHeaderRow", () => {
  it("passes over title rows to the header", () => {
    const rows = [["Heron Lake Association"], ["Beach results, summer 2026", null], [null, null], ["Sample date", "Beach", "E. coli (MPN/100 mL)"], ["2026-06-01", "North", "12"]];
    expect(findHeaderRow(rows, P)).toBe(3);
  });
  it("finds a wide header: a column per site, or a column per date (Excel serials)", () => {
    expect(findHeaderRow([["Date", "Calumet", "Rainbow", "South Shore"], ["05/26/2015", "435", "398", "364"]], P)).toBe(0);
    expect(findHeaderRow([[null, "EXCEEDANCES", "5/26/2015", 42151, 42152], ["Calumet", 3, 435, 411, 132]], P)).toBe(0);
  });
});

describe("guessMapping", () => {
  it("maps the Chicago Park District's daily sheet: the E. coli column is the result of E. coli", () => {
    const header = ["Laboratory ID", "Client ID", "Sample 1", "Sample 2", "Escherichia coli", "Units", "Sample Collection Time", "Mean", "Date/Time"];
    expect(guessMapping(header, P)).toEqual({
      shape: "long",
      columns: { site: "Client ID", value: "Escherichia coli", unit: "Units", time: "Sample Collection Time", date: "Date/Time" },
      parameterId: "ecoli",
      siteId: "",
      ignore: [],
    });
  });
  it("reads `Date,Calumet,…` as a column per site, and the summary sheet as a column per date", () => {
    expect(guessMapping(["Date", "Calumet", "Rainbow"], P)).toMatchObject({ shape: "site-columns", columns: { date: "Date" }, parameterId: "ecoli" });
    const summary = [null, "EXCEEDANCES", "5/26/2015", 42151, 42152];
    expect(headerNames(summary)).toEqual(["Column A", "EXCEEDANCES", "5/26/2015", "42151", "42152"]);
    expect(guessMapping(summary, P)).toMatchObject({ shape: "date-columns", columns: { site: "Column A" }, ignore: ["EXCEEDANCES"] });
  });
  it("keeps the first importer's lab export as it was: the first beach's E. coli", () => {
    const header = ["sample_date", "escherichia_coli", "units", "reading_1", "reading_2", "laboratory_id", "client_id", "sheet", "sample_collection_time", "date_time", "source_file"];
    expect(guessMapping(header, P)).toEqual({ shape: "long", columns: { date: "sample_date", value: "escherichia_coli" }, parameterId: "ecoli", siteId: "", ignore: [] });
  });
  it("says what is missing, by field", () => {
    const mapping = guessMapping(["Laboratory ID", "Client ID", "Escherichia coli"], P);
    expect(mappingProblems(mapping, headerNames(["Laboratory ID", "Client ID", "Escherichia coli"]))).toEqual({ date: "Choose the column of the sample dates." });
    expect(mappingProblems({ ...mapping, columns: { ...mapping.columns, date: "When" } }, ["Client ID", "Escherichia coli"])).toEqual({ date: 'This file has no column "When".' });
  });
  it("fingerprints a source by its sorted names, each date column standing as one", () => {
    expect(sourceKey(["Date", "Calumet"])).toBe(sourceKey(["calumet", "DATE"]));
    expect(sourceKey(["Beach", 42151, 42152])).toBe(sourceKey(["Beach", "6/1/2016"]));
    expect(sourceKey(["Date", "Calumet"])).not.toBe(sourceKey(["Date", "Rainbow"]));
  });
});
