/** The news post and event forms (spec §5), checked in the action; their limits reach the inputs (`formLimits`). */
import { z } from "zod";
import { dateField, textField } from "#app/platform/text/forms.ts";

/** News post form (spec §5: no required fields). */
export function newsPostSchema(today: string, defaultAuthor: string) {
  return z.object({
    title: textField(300),
    text: textField(20_000),
    date: dateField(today),
    author: textField(200).transform((v) => v.trim() || defaultAuthor),
  });
}

/** Event form (spec §5: no required fields). */
export function eventSchema(today: string, defaultAuthor: string) {
  return z.object({
    title: textField(300),
    date: dateField(today),
    startTime: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Please enter a time as HH:MM"),
    timeDetails: textField(300),
    place: textField(300),
    eventDetails: textField(20_000),
    author: textField(200).transform((v) => v.trim() || defaultAuthor),
  });
}

/** What an administrator edits of a news post, as the form's schema gives it (its derived fields are the model's). */
export type NewsPostInput = z.output<ReturnType<typeof newsPostSchema>>;

/** What an administrator edits of an event, as the form's schema gives it. */
export type EventInput = z.output<ReturnType<typeof eventSchema>>;
