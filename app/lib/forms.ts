/**
 * The admin forms' schemas (zod), one per form. Actions parse the submitted FormData with them; field errors go back
 * to the form with status 400.
 */
import { z } from "zod";
import { isIsoDate } from "./dates.ts";

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

/** Beach measurement form (spec §5), with the specification's messages. */
export const measurementSchema = z.object({
  date: z.string().trim().refine(isIsoDate, "Please enter a valid date"),
  value: z
    .string()
    .trim()
    .refine((v) => v !== "" && Number.isFinite(Number(v)) && Number(v) >= 0, "Please enter a valid positive number for the measurement value")
    .transform(Number),
});

/** Email to members (spec §5). */
export const memberEmailSchema = z.object({
  subject: z.string().trim().min(1, "Please enter an email subject").max(300).refine((v) => !/[\r\n]/.test(v), "The subject must be one line"),
  message: z.string().trim().min(1, "Please enter an email message").max(100_000),
});

/** Banner editor. */
export const bannerSchema = z.object({ text: z.string().trim().min(1, "Please enter the banner text").max(2_000) });

/** Turns zod issues into one message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** FormData as a plain object of strings (files are left out). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  // NUL cannot be stored in PostgreSQL text and has no use in a form: it is dropped.
  for (const [key, value] of form) if (typeof value === "string") out[key] = value.replaceAll("\u0000", "");
  return out;
}
