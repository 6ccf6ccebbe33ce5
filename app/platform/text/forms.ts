/**
 * The forms' schemas (zod), one per form, and the pieces every form shares: `parseForm` turns a submission into
 * the data or one result shape (`FormResult`) for the form to show, and `formLimits` reads the limits an input
 * should carry (maxLength, min, step, required) from the same schema, so the browser and the server agree.
 * Schemas are used on the server only (loaders and actions), so zod stays out of the browser's bundle.
 */
import { z } from "zod";
import { isAfterToday, MAX_READING, readReadingValue } from "#app/beach/status.ts";
import { isIsoDate } from "./dates.ts";
import { formatNumber } from "./format.ts";
import { cleanText } from "./text.ts";

const text = (max: number) => z.string().max(max, `At most ${max} characters`).default("");

/** A date field: empty means `fallback` (today); otherwise a real "YYYY-MM-DD". */
const dateField = (fallback: string) =>
  z
    .string()
    .trim()
    .default("")
    .transform((v) => (v === "" ? fallback : v))
    .refine(isIsoDate, "Please enter a valid date");

/** News post form (spec §5: no required fields). */
export function newsPostSchema(today: string, defaultAuthor: string) {
  return z.object({
    title: text(300),
    text: text(20_000),
    date: dateField(today),
    author: text(200).transform((v) => v.trim() || defaultAuthor),
  });
}

/** Event form (spec §5: no required fields). */
export function eventSchema(today: string, defaultAuthor: string) {
  return z.object({
    title: text(300),
    date: dateField(today),
    startTime: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Please enter a time as HH:MM"),
    timeDetails: text(300),
    place: text(300),
    eventDetails: text(20_000),
    author: text(200).transform((v) => v.trim() || defaultAuthor),
  });
}

/** The specification's message for a measurement value that is not a number 0 or more (spec §5). */
const NOT_A_READING = "Please enter a valid positive number for the measurement value";

/**
 * Beach measurement form (spec §5), with the specification's messages. A sample date after `today` is refused
 * (issue 24: it would become the beach's status), and the value is read by `readReadingValue`, as the lab CSV
 * import reads it: a plain decimal number from 0 to `MAX_READING`, white space around it ignored.
 * @param today today in the association's time zone, "YYYY-MM-DD"
 */
export function measurementSchema(today: string) {
  return z.object({
    date: z
      .string()
      .trim()
      .refine(isIsoDate, { message: "Please enter a valid date", abort: true })
      .refine((date) => !isAfterToday(date, today), "The sample date cannot be after today"),
    value: z
      .string()
      .transform((text, ctx) => {
        const read = readReadingValue(text);
        if ("value" in read) return read.value;
        const message = read.problem === "too large" ? `A reading can be at most ${formatNumber(MAX_READING)} per 100 mL` : NOT_A_READING;
        ctx.issues.push({ code: "custom", message, input: text });
        return z.NEVER;
      })
      // Already checked above with the form's messages; here for the input's min, max and step (see formLimits).
      .pipe(z.number().min(0).max(MAX_READING)),
  });
}

/** Email to members (spec §5). */
export const memberEmailSchema = z.object({
  subject: z.string().trim().min(1, "Please enter an email subject").max(300).refine((v) => !/[\r\n]/.test(v), "The subject must be one line"),
  message: z.string().trim().min(1, "Please enter an email message").max(100_000),
});

/**
 * The public "Get beach alerts and news" form (issue 11): an address and at least one list, each a checkbox named
 * `list-<list>`. The address is trimmed and lower-cased; one line only (no header injection), at most 254 characters
 * (RFC 5321's path limit).
 */
export const subscribeSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, "Please enter your email address")
      .max(254, "That address is too long")
      .pipe(z.email("Please enter a valid email address, like name@example.org")),
    "list-beach": z.literal("on").optional(),
    "list-news": z.literal("on").optional(),
    "list-events": z.literal("on").optional(),
  })
  .refine((v) => v["list-beach"] || v["list-news"] || v["list-events"], { message: "Choose at least one list", path: ["lists"] });

/** An administrator's beach advisory: the status it sets and the reason residents are told. */
export const advisorySchema = z.object({
  status: z.enum(["Caution", "Closed"], "Choose Caution or Closed"),
  reason: z.string().trim().min(1, "Please give the reason for the advisory").max(500),
});

/** Banner editor. */
export const bannerSchema = z.object({ text: z.string().trim().min(1, "Please enter the banner text").max(2_000) });

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

/** Every IANA time zone this server knows: the list an association chooses its time zone from. */
export const TIME_ZONES: readonly string[] = Intl.supportedValuesOf("timeZone");

/** The association's details as /setup and the Settings screen ask for them (issue 10). */
export const associationFields = {
  name: z.string().trim().min(1, "Please enter the association's name").max(200),
  shortName: z.string().trim().min(1, "Please enter a short name for the header").max(60),
  timeZone: z.string().refine((v) => TIME_ZONES.includes(v), "Please choose a time zone from the list"),
  contactEmail: z.email("Please enter a contact email address").max(254),
  beachName: z.string().trim().min(1, "Please enter the name of the beach you test").max(200),
};

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
