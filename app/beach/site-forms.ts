/**
 * The forms of the lake's catalogue (issue 27): a monitoring site (Sites screen), a parameter of the board's own
 * (Parameters screen) and a lab result of any parameter (Measurements screen). Pure: the screens' actions parse with
 * these and their loaders send `formLimits` of them to the browser.
 */
import { z } from "zod";
import { isIsoDate } from "#app/platform/text/dates.ts";
import { formatNumber } from "#app/platform/text/format.ts";
import { RULE_PROFILES } from "./profiles.ts";
import { readResultText, type Qualifier } from "./results.ts";
import { isAfterToday, MAX_READING } from "./status.ts";
import { E_COLI } from "./parameters.ts";

/** Longest WQX MonitoringLocationIdentifier (55 characters, the organization's prefix included). */
export const MAX_IDENTIFIER = 55;
/** Longest identifier suggested from a name: short enough to type and to read in a table. */
const SUGGESTED_LENGTH = 35;

/**
 * Letters, digits, dashes, dots and underscores, starting with a letter or digit: the identifiers the Water Quality
 * Portal's downloads carry ("USGS-05427718", "31ORWUNT_WQX-OR503.5BACT"); RecML takes any text.
 */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Whether a text can be a site's identifier as it is (see `IDENTIFIER`, at most `MAX_IDENTIFIER` characters). */
export function isSiteIdentifier(text: string): boolean {
  return text.length <= MAX_IDENTIFIER && IDENTIFIER.test(text);
}

/**
 * The identifier a site's name suggests: its letters and digits in capitals, words joined by dashes, accents dropped
 * ("Heron Lake – Deep Hole #1" → "HERON-LAKE-DEEP-HOLE-1"), at most 35 characters; "SITE" for a name
 * without any.
 */
export function suggestIdentifier(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  let out = "";
  for (const word of words) {
    const next = out ? `${out}-${word}` : word;
    if (next.length > SUGGESTED_LENGTH) break;
    out = next;
  }
  return out || words[0]?.slice(0, SUGGESTED_LENGTH) || "SITE";
}

/** A decimal number typed in a form ("45.123", "-89.5", " 12 "), or undefined for an empty field; NaN otherwise. */
function readDecimal(text: string): number | undefined {
  const trimmed = text.trim().replace(/^\u2212/, "-");
  if (trimmed === "") return undefined;
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** An optional decimal field from `min` to `max`, with `message` for anything else; empty is null. */
function optionalDecimal(min: number, max: number, message: string) {
  return z
    .string()
    .max(30)
    .default("")
    .transform((text, ctx) => {
      const value = readDecimal(text);
      if (value === undefined) return null;
      if (Number.isNaN(value) || value < min || value > max) {
        ctx.issues.push({ code: "custom", message, input: text });
        return z.NEVER;
      }
      return value;
    });
}

const PROFILE_IDS = RULE_PROFILES.map((p) => p.id) as [string, ...string[]];

/**
 * A monitoring site as the Sites screen edits it: name, kind, identifier (left empty: made from the name by
 * `suggestIdentifier` when saved), latitude and longitude in decimal degrees WGS 84 (both or neither), rule profile.
 */
export const siteFormSchema = z
  .object({
    name: z.string().trim().min(1, "Please enter the site's name").max(120),
    kind: z.enum(["beach", "station"], "Choose Beach or Open-water station"),
    identifier: z
      .string()
      .trim()
      .max(MAX_IDENTIFIER, `At most ${MAX_IDENTIFIER} characters`)
      .default("")
      .refine((v) => v === "" || IDENTIFIER.test(v), "Use letters, digits, dashes, dots and underscores only, e.g. HERON-DEEP-1"),
    latitude: optionalDecimal(-90, 90, "Enter the latitude in decimal degrees, from -90 to 90 (e.g. 45.12345)"),
    longitude: optionalDecimal(-180, 180, "Enter the longitude in decimal degrees, from -180 to 180 (west is negative, e.g. -89.54321)"),
    profile: z.enum(PROFILE_IDS, "Choose a rule profile").default("spec"),
  })
  .superRefine((site, ctx) => {
    if ((site.latitude === null) !== (site.longitude === null)) {
      const missing = site.latitude === null ? "latitude" : "longitude";
      ctx.issues.push({ code: "custom", path: [missing], message: "Enter both the latitude and the longitude, or neither", input: "" });
    }
  });

/** A site as saved: the form's output, its identifier empty when the board left it to the name (`suggestIdentifier`). */
export type SiteInput = z.output<typeof siteFormSchema>;

/** A number field of the parameter form (required), read as `readDecimal` reads it. */
function requiredDecimal(message: string) {
  return z
    .string()
    .max(30)
    .transform((text, ctx) => {
      const value = readDecimal(text);
      if (value === undefined || Number.isNaN(value)) {
        ctx.issues.push({ code: "custom", message, input: text });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * A parameter of the board's own: name, WQX characteristic name, unit code and label, depth profile (a checkbox:
 * "on" or absent), smallest and largest value (the smallest below the largest).
 */
export const parameterFormSchema = z
  .object({
    name: z.string().trim().min(1, "Please enter the parameter's name").max(80),
    characteristicName: z.string().trim().min(1, "Please enter the WQX characteristic name, e.g. Turbidity").max(120),
    unitCode: z.string().trim().min(1, "Please enter the WQX unit code, e.g. NTU").max(30),
    unitLabel: z.string().trim().min(1, "Please enter the unit as people read it, e.g. NTU").max(30),
    depthProfile: z
      .string()
      .default("")
      .transform((v) => v === "on" || v === "yes" || v === "true"),
    minValue: requiredDecimal("Enter the smallest value a result can have, e.g. 0"),
    maxValue: requiredDecimal("Enter the largest value a result can have, e.g. 1000"),
  })
  .superRefine((p, ctx) => {
    if (p.maxValue <= p.minValue) ctx.issues.push({ code: "custom", path: ["maxValue"], message: "The largest value must be above the smallest", input: "" });
  });

export type ParameterInput = z.output<typeof parameterFormSchema>;

/** What the result form needs to know of a parameter: its name, unit, range and whether it has a depth. */
export interface ResultParameter {
  id: string;
  name: string;
  unitLabel: string;
  depthProfile: boolean;
  minValue: number;
  maxValue: number;
}

/** The specification's message for an E. coli value that is not a number 0 or more (spec §5). */
const NOT_A_READING = "Please enter a valid positive number for the measurement value";

/**
 * A lab result as the Measurements screen's "Add a lab result" form gives it: site, parameter, sample date and
 * optional time ("HH:MM"), the result as the lab wrote it (`readResultText`: "12.5", "<10", ">2419.6", "ND"), and a
 * sample depth in metres for a depth-profile parameter. E. coli keeps the specification's messages (spec §5) and
 * range (0 to `MAX_READING`); another parameter is held to its own range.
 * @param today the association's today, "YYYY-MM-DD" (a later sample date is refused, issue 24)
 * @param parameters the catalogue; `siteIds` the sites that exist
 */
export function resultFormSchema(today: string, parameters: readonly ResultParameter[], siteIds: readonly string[]) {
  return resultFormFields(today, parameters, siteIds).transform((form, ctx) => {
    const parameter = parameters.find((p) => p.id === form.parameterId)!;
    const read = readResultText(form.result);
    const isEcoli = parameter.id === E_COLI;
    const max = isEcoli ? MAX_READING : parameter.maxValue;
    const rangeMessage = isEcoli
      ? `A reading can be at most ${formatNumber(MAX_READING)} per 100 mL`
      : `A ${parameter.name} result is from ${formatNumber(parameter.minValue, 2)} to ${formatNumber(parameter.maxValue, 2)} ${parameter.unitLabel}`;
    if ("problem" in read) {
      // A negative temperature is a result like any other where the parameter's range allows it.
      const negative = read.problem === "negative" ? -Number(form.result.replace(/^-\s*/, "")) : Number.NaN;
      if (!isEcoli && Number.isFinite(negative) && negative >= parameter.minValue) {
        return finish(form, parameter, { value: negative, qualifier: "", detectionLimit: null }, ctx);
      }
      ctx.issues.push({ code: "custom", path: ["result"], message: isEcoli ? NOT_A_READING : `${rangeMessage}, or <, > or ND with a number`, input: form.result });
      return z.NEVER;
    }
    if (read.value > max || read.value < (isEcoli ? 0 : parameter.minValue)) {
      ctx.issues.push({ code: "custom", path: ["result"], message: rangeMessage, input: form.result });
      return z.NEVER;
    }
    return finish(form, parameter, read, ctx);
  });
}

/** The fields of `resultFormSchema`, before the result is read: for the form's input limits (`formLimits`). */
export function resultFormFields(today: string, parameters: readonly ResultParameter[], siteIds: readonly string[]) {
  return z
    .object({
      resultSite: z.string().refine((id) => siteIds.includes(id), "Choose one of the sites"),
      parameterId: z.string().default(E_COLI).refine((id) => parameters.some((p) => p.id === id), "Choose one of the parameters"),
      resultDate: z
        .string()
        .trim()
        .refine(isIsoDate, { message: "Please enter a valid date", abort: true })
        .refine((date) => !isAfterToday(date, today), "The sample date cannot be after today"),
      resultTime: z
        .string()
        .trim()
        .default("")
        .refine((t) => t === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(t), "Enter the time as HH:MM, e.g. 09:30, or leave it empty"),
      result: z.string().trim().min(1, "Please enter the result as the lab wrote it, e.g. 12.5, <10 or ND").max(40),
      depth: optionalDecimal(0, 1000, "Enter the sample depth in metres, from 0 to 1000, or leave it empty"),
    });
}

function finish(
  form: { resultSite: string; parameterId: string; resultDate: string; resultTime: string; depth: number | null },
  parameter: ResultParameter,
  read: { value: number; qualifier: Qualifier; detectionLimit: number | null },
  ctx: z.RefinementCtx,
) {
  if (form.depth !== null && !parameter.depthProfile) {
    ctx.issues.push({ code: "custom", path: ["depth"], message: `${parameter.name} has no sample depth: leave the depth empty`, input: String(form.depth) });
    return z.NEVER;
  }
  return {
    siteId: form.resultSite,
    parameterId: form.parameterId,
    date: form.resultDate,
    time: form.resultTime,
    value: read.value,
    qualifier: read.qualifier,
    detectionLimit: read.detectionLimit,
    depth: form.depth,
  };
}

export type ResultFormInput = z.output<ReturnType<typeof resultFormSchema>>;
