/** The beach's forms: a reading (spec §5) and the board's advisory. */
import { z } from "zod";
import { BLOOM_LEVELS } from "./profiles.ts";
import { isIsoDate } from "#app/platform/text/dates.ts";
import { formatNumber } from "#app/platform/text/format.ts";
import { isAfterToday, MAX_READING, readReadingValue } from "./status.ts";

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

/** An administrator's beach advisory: the status it sets and the reason residents are told. */
export const advisorySchema = z.object({
  status: z.enum(["Caution", "Closed"], "Choose Caution or Closed"),
  reason: z.string().trim().min(1, "Please give the reason for the advisory").max(500),
});

/**
 * A board-posted bloom report (issue 27): its colour, as Vermont's volunteers report blooms (app/beach/profiles.ts
 * maps green to Open, yellow to Caution, red to Closed), and an optional note residents read.
 */
export const bloomReportSchema = z.object({
  level: z.enum(BLOOM_LEVELS, "Choose green, yellow or red"),
  note: z.string().trim().max(500, "At most 500 characters").default(""),
});

/** A reading as the form (and the lab CSV import, which reads values the same way) gives it: its sample date and value. */
export type MeasurementInput = z.output<ReturnType<typeof measurementSchema>>;
