/**
 * The pieces every form shares (each form's zod schema lives in its domain, e.g. app/beach/forms.ts): `parseForm` turns a submission into
 * the data or one result shape (`FormResult`) for the form to show, and `formLimits` reads the limits an input
 * should carry (maxLength, min, step, required) from the same schema, so the browser and the server agree.
 * Schemas are used on the server only (loaders and actions), so zod stays out of the browser's bundle.
 */
import { z } from "zod";
import { isIsoDate } from "./dates.ts";
import { cleanText } from "./text.ts";

/** An optional text field of at most `max` characters ("" when left out). */
export const textField = (max: number) => z.string().max(max, `At most ${max} characters`).default("");

/** A date field: empty means `fallback` (today); otherwise a real "YYYY-MM-DD". */
export const dateField = (fallback: string) =>
  z
    .string()
    .trim()
    .default("")
    .transform((v) => (v === "" ? fallback : v))
    .refine(isIsoDate, "Please enter a valid date");

/**
 * What an action answers a form it could not accept: a message for the whole form, one message per field, and the
 * values as submitted (so that nothing typed is lost). `FormField` and `FormAlert` show it.
 */
export interface FormResult {
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

/** The input attributes a schema implies for one field. */
export interface FieldLimits {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number | "any";
}

/**
 * Parses a submission against `schema`: `{ok: true, data}`, or `{ok: false, result}` with one message per field and
 * the submitted values, ready to send back with status 400.
 * @param submitted a FormData (strings only are read, cleaned by `cleanText`) or fields already read with `formFields`
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  submitted: FormData | Record<string, string>,
): { ok: true; data: z.output<S>; values: Record<string, string> } | { ok: false; result: FormResult & { fieldErrors: Record<string, string>; values: Record<string, string> } } {
  const values = submitted instanceof FormData ? formFields(submitted) : submitted;
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  return { ok: false, result: { fieldErrors: fieldErrors(parsed.error), values } };
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };

/**
 * The string and number schemas inside a field's schema (through defaults, optionals and both ends of pipes, so a
 * string that is transformed into a number gives both), and whether the field may be left out.
 */
function fieldParts(schema: z.ZodType): { text?: z.ZodString; number?: z.ZodNumber; optional: boolean } {
  const found: { text?: z.ZodString; number?: z.ZodNumber; optional: boolean } = { optional: false };
  const visit = (node: z.ZodType) => {
    const def = (node as unknown as { _zod: { def: Def } })._zod.def;
    if (node instanceof z.ZodString) found.text ??= node;
    else if (node instanceof z.ZodNumber) found.number ??= node;
    else if ((def.type === "default" || def.type === "optional" || def.type === "nullable" || def.type === "prefault") && def.innerType) {
      found.optional = true;
      visit(def.innerType);
    } else if (def.type === "pipe") {
      if (def.in) visit(def.in);
      if (def.out) visit(def.out);
    }
  };
  visit(schema);
  return found;
}

/**
 * The input attributes of every field of an object schema: `required` unless it has a default or is optional (or
 * when it needs at least one character), `minLength`/`maxLength` of strings, `min`/`max`/`step` of numbers (also of
 * a string field that the schema turns into a number). A loader sends these to its form, so a limit is written
 * once, in the schema.
 */
export function formLimits(schema: z.ZodObject): Record<string, FieldLimits> {
  const out: Record<string, FieldLimits> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const { text, number, optional } = fieldParts(field as z.ZodType);
    const limits: FieldLimits = {};
    if (!optional || (text?.minLength ?? 0) > 0) limits.required = true;
    if (text?.minLength) limits.minLength = text.minLength;
    if (text && text.maxLength !== null) limits.maxLength = text.maxLength;
    if (number) {
      // `.int()` alone gives the safe-integer range as bounds: those are zod's, not the form's.
      const min = number.minValue;
      const max = number.maxValue;
      if (min !== null && Number.isFinite(min) && min > Number.MIN_SAFE_INTEGER) limits.min = min;
      if (max !== null && Number.isFinite(max) && max < Number.MAX_SAFE_INTEGER) limits.max = max;
      limits.step = number.isInt ? 1 : "any";
    }
    out[name] = limits;
  }
  return out;
}

/** Turns zod issues into one message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** FormData as a plain object of strings (files are left out), each cleaned by `cleanText`. */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = cleanText(value);
  return out;
}

/**
 * A web address as people type it: `www.example.com` or `example.org/page` is read as `https://…` (issue 26); an
 * address with a scheme is kept as typed. Returns "" for "", and anything that is not an address unchanged (for the
 * check to refuse).
 */
export function withWebScheme(typed: string): string {
  const v = typed.trim();
  // A scheme ("https:", "mailto:", "javascript:") is kept; "example.org:8080" is a host and its port, not a scheme.
  if (v === "" || (/^[a-z][a-z\d+.-]*:/i.test(v) && !/^[^/:]+:\d+(\/|$)/.test(v))) return v;
  return `https://${v.replace(/^\/\//, "")}`;
}

/**
 * An optional web address field ("" when left empty): `www.example.com` is accepted as `https://www.example.com`
 * (`withWebScheme`); then it must be an http(s) address (https only with `httpsOnly`) whose host has a dot.
 * @param message what a refused address is told
 */
export function webAddressField(message: string, options: { max?: number; httpsOnly?: boolean } = {}) {
  const protocols = options.httpsOnly ? ["https:"] : ["http:", "https:"];
  return z
    .string()
    .trim()
    .max(options.max ?? 500, `At most ${options.max ?? 500} characters`)
    .default("")
    .transform(withWebScheme)
    .refine((v) => {
      if (v === "") return true;
      if (!URL.canParse(v) || /\s/.test(v)) return false;
      const url = new URL(v);
      return protocols.includes(url.protocol) && url.hostname.includes(".") && !url.hostname.startsWith(".") && !url.hostname.endsWith(".");
    }, message);
}
