/**
 * A result as a row of the Water Quality Portal's result download (issue 27 point 7): the columns of WQP's
 * "Sample Results (physical/chemical metadata)" profile (resultPhysChem, https://www.waterqualitydata.us/portal_userguide/,
 * the header of a CSV from waterqualitydata.us/data/Result/search), in its order, with the site's name beside its
 * identifier (`MonitoringLocationName`, which WQP puts in its station file). What a stored result does not know is
 * left empty; every stored field of a result is in a column, so that a file exported here and imported again gives
 * the same results (decision 033).
 *
 * Values follow the WQX domain lists (https://cdx.epa.gov/wqx/download/DomainValues/): ResultDetectionCondition
 * (`DETECTION_CONDITION`, app/beach/results.ts), DetectionQuantitationLimitType, ActivityType, TimeZone.
 */
import { TZDate } from "@date-fns/tz";
import type { ParameterDefinition } from "./parameters.ts";
import { DETECTION_CONDITION, type Qualifier } from "./results.ts";

/** The columns of a WQX-shaped result file, in order. */
export const WQX_COLUMNS = [
  "OrganizationIdentifier",
  "OrganizationFormalName",
  "ActivityIdentifier",
  "ActivityTypeCode",
  "ActivityMediaName",
  "ActivityMediaSubdivisionName",
  "ActivityStartDate",
  "ActivityStartTime/Time",
  "ActivityStartTime/TimeZoneCode",
  "ActivityEndDate",
  "ActivityEndTime/Time",
  "ActivityEndTime/TimeZoneCode",
  "ActivityDepthHeightMeasure/MeasureValue",
  "ActivityDepthHeightMeasure/MeasureUnitCode",
  "ActivityDepthAltitudeReferencePointText",
  "ActivityTopDepthHeightMeasure/MeasureValue",
  "ActivityTopDepthHeightMeasure/MeasureUnitCode",
  "ActivityBottomDepthHeightMeasure/MeasureValue",
  "ActivityBottomDepthHeightMeasure/MeasureUnitCode",
  "ProjectIdentifier",
  "ActivityConductingOrganizationText",
  "MonitoringLocationIdentifier",
  "MonitoringLocationName",
  "ActivityCommentText",
  "SampleAquifer",
  "HydrologicCondition",
  "HydrologicEvent",
  "SampleCollectionMethod/MethodIdentifier",
  "SampleCollectionMethod/MethodIdentifierContext",
  "SampleCollectionMethod/MethodName",
  "SampleCollectionEquipmentName",
  "ResultDetectionConditionText",
  "CharacteristicName",
  "ResultSampleFractionText",
  "ResultMeasureValue",
  "ResultMeasure/MeasureUnitCode",
  "MeasureQualifierCode",
  "ResultStatusIdentifier",
  "StatisticalBaseCode",
  "ResultValueTypeName",
  "ResultWeightBasisText",
  "ResultTimeBasisText",
  "ResultTemperatureBasisText",
  "ResultParticleSizeBasisText",
  "PrecisionValue",
  "ResultCommentText",
  "USGSPCode",
  "ResultDepthHeightMeasure/MeasureValue",
  "ResultDepthHeightMeasure/MeasureUnitCode",
  "ResultDepthAltitudeReferencePointText",
  "SubjectTaxonomicName",
  "SampleTissueAnatomyName",
  "ResultAnalyticalMethod/MethodIdentifier",
  "ResultAnalyticalMethod/MethodIdentifierContext",
  "ResultAnalyticalMethod/MethodName",
  "MethodDescriptionText",
  "LaboratoryName",
  "AnalysisStartDate",
  "ResultLaboratoryCommentText",
  "DetectionQuantitationLimitTypeName",
  "DetectionQuantitationLimitMeasure/MeasureValue",
  "DetectionQuantitationLimitMeasure/MeasureUnitCode",
  "PreparationStartDate",
  "ProviderName",
] as const;

export type WqxColumn = (typeof WQX_COLUMNS)[number];
/** One row of the file: a text per column ("" where the result does not know it). */
export type WqxRow = Record<WqxColumn, string>;

/** The stored fields of a result that a row carries. */
export interface WqxResult {
  id: string;
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM", or "" */
  time: string;
  /** Metres below the surface, or null. */
  depth: number | null;
  value: number;
  qualifier: string;
  detectionLimit: number | null;
}

/** The organization that publishes the file. */
export interface WqxOrganization {
  /** OrganizationIdentifier (WQX: at most 35 characters). */
  identifier: string;
  /** OrganizationFormalName: the association's name. */
  name: string;
  /** The association's IANA time zone: sample times are local times in it. */
  timeZone: string;
}

/**
 * The parameters measured in the field rather than from a sample sent to a lab: WQX ActivityTypeCode
 * "Field Msr/Obs" (a Secchi disk reading, a temperature or oxygen probe); every other result is "Sample-Routine".
 */
const FIELD_MEASUREMENTS = new Set(["secchi", "temperature", "oxygen"]);

/** WQX ResultSampleFractionText where the catalogue's parameter names it ("Total phosphorus"). */
const SAMPLE_FRACTION: Record<string, string> = { phosphorus: "Total" };

/**
 * The WQX DetectionQuantitationLimitTypeName of the limit a qualifier refers to: the method's upper limit for ">"
 * (Colilert's 2419.6), its lower limit for "<", its detection level for "not detected".
 */
const LIMIT_TYPE: Record<Qualifier, string> = {
  "": "",
  ">": "Upper Quantitation Limit",
  "<": "Lower Quantitation Limit",
  ND: "Method Detection Level",
};

/** WQX TimeZone codes of the North American zones, by their standard offset from UTC in minutes: [standard, daylight]. */
const NORTH_AMERICAN_ZONES: Record<number, readonly [string, string]> = {
  [-4 * 60]: ["AST", "ADT"],
  [-5 * 60]: ["EST", "EDT"],
  [-6 * 60]: ["CST", "CDT"],
  [-7 * 60]: ["MST", "MDT"],
  [-8 * 60]: ["PST", "PDT"],
  [-9 * 60]: ["AKST", "AKDT"],
  [-10 * 60]: ["HST", "HDT"],
};

/**
 * The WQX TimeZone code of a local time in an IANA zone: "CDT" for 10:30 on 1 July in America/Chicago, "CST" in
 * January; "UTC" for UTC. Empty for a zone outside North America (WQX's list has no code for most of them): the
 * time is still written as the local time it is.
 * @param date "YYYY-MM-DD"; @param time "HH:MM"
 */
export function timeZoneCode(timeZone: string, date: string, time: string): string {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return "UTC";
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  // Date's convention: minutes west of UTC. The standard offset is the larger of January's and July's.
  const at = new TZDate(y, m - 1, d, hh, mm, timeZone).getTimezoneOffset();
  const standard = Math.max(new TZDate(y, 0, 1, timeZone).getTimezoneOffset(), new TZDate(y, 6, 1, timeZone).getTimezoneOffset());
  const codes = NORTH_AMERICAN_ZONES[-standard];
  if (!codes) return "";
  return at < standard ? codes[1] : codes[0];
}

/** A number as written in the file: plain decimal digits, never an exponent. */
function decimal(n: number): string {
  const text = String(n);
  return /e/i.test(text) ? n.toFixed(12).replace(/\.?0+$/, "") : text;
}

/** The ActivityIdentifier of a result: its id without hyphens (32 characters, within WQX's 35). */
export function activityIdentifier(resultId: string): string {
  return resultId.replaceAll("-", "");
}

/**
 * A result as a WQX-shaped row. `>2419.6` is value 2419.6, "Present Above Quantification Limit" and the limit
 * 2419.6 ("Upper Quantitation Limit"); `<10` is value 10, "Present Below Quantification Limit" and the limit 10;
 * not detected leaves the value empty, "Not Detected", with the detection limit when the lab gave one.
 * @param site the site's WQX identifier and name; a result without a site has both empty
 * @param parameter the catalogue's entry of the result's parameter
 */
export function wqxRow(
  result: WqxResult,
  site: { identifier: string; name: string } | undefined,
  parameter: Pick<ParameterDefinition, "id" | "characteristicName" | "unitCode">,
  organization: WqxOrganization,
): WqxRow {
  const row = Object.fromEntries(WQX_COLUMNS.map((c) => [c, ""])) as WqxRow;
  const qualifier = (result.qualifier in DETECTION_CONDITION ? result.qualifier : "") as Qualifier;
  row.OrganizationIdentifier = organization.identifier;
  row.OrganizationFormalName = organization.name;
  row.ActivityIdentifier = activityIdentifier(result.id);
  row.ActivityTypeCode = FIELD_MEASUREMENTS.has(parameter.id) ? "Field Msr/Obs" : "Sample-Routine";
  row.ActivityMediaName = "Water";
  row.ActivityStartDate = result.date;
  if (result.time) {
    row["ActivityStartTime/Time"] = `${result.time}:00`;
    row["ActivityStartTime/TimeZoneCode"] = timeZoneCode(organization.timeZone, result.date, result.time);
  }
  if (result.depth !== null) {
    row["ActivityDepthHeightMeasure/MeasureValue"] = decimal(result.depth);
    row["ActivityDepthHeightMeasure/MeasureUnitCode"] = "m";
  }
  row.MonitoringLocationIdentifier = site?.identifier ?? "";
  row.MonitoringLocationName = site?.name ?? "";
  row.ResultDetectionConditionText = DETECTION_CONDITION[qualifier];
  row.CharacteristicName = parameter.characteristicName;
  row.ResultSampleFractionText = SAMPLE_FRACTION[parameter.id] ?? "";
  row.ResultMeasureValue = qualifier === "ND" ? "" : decimal(result.value);
  row["ResultMeasure/MeasureUnitCode"] = parameter.unitCode;
  if (qualifier !== "" && result.detectionLimit !== null) {
    row.DetectionQuantitationLimitTypeName = LIMIT_TYPE[qualifier];
    row["DetectionQuantitationLimitMeasure/MeasureValue"] = decimal(result.detectionLimit);
    row["DetectionQuantitationLimitMeasure/MeasureUnitCode"] = parameter.unitCode;
  }
  return row;
}

/**
 * The OrganizationIdentifier of an association that has none from EPA: its public address's host name, upper case,
 * at most 35 characters ("HERONLAKE.EXAMPLE.ORG"). An association that reports to WQX has its own identifier from
 * EPA; the board cannot set it yet (decision 033).
 */
export function organizationIdentifier(publicUrl: string): string {
  return new URL(publicUrl).hostname.toUpperCase().slice(0, 35);
}
