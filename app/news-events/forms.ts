/** The news post and event forms (spec §5), checked in the action; their limits reach the inputs (`formLimits`). */
import { z } from "zod";
import { dateField, textField } from "#app/platform/text/forms.ts";
import { isIsoDate } from "#app/platform/text/dates.ts";
import { LOCAL_TIME, PUBLISH_CHOICES, type PublishChoice } from "./publication.ts";

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

/**
 * The publishing fields of the news and event forms (issue 26, decision 025): "Publish" (now, at a set time, or
 * save as draft; "now" when left out, so that a plain save publishes at once as before), the set time as a
 * `datetime-local` value in the association's time zone, and the "Email this to …" checkbox (unchecked unless sent).
 */
const publicationFields = {
  publish: z
    .string()
    .default("now")
    .transform((v) => v || "now")
    .refine((v): v is PublishChoice => (PUBLISH_CHOICES as readonly string[]).includes(v), "Please choose when to publish"),
  publishAt: z.string().trim().max(19, "Please enter a date and time").default(""),
  announce: z
    .string()
    .default("")
    .transform((v) => v === "on"),
};

/** A set time is required when "At a set time" is chosen: a real date and a time, "YYYY-MM-DDTHH:MM" (seconds optional). */
function checkSetTime(value: { publish: string; publishAt: string }, ctx: z.RefinementCtx) {
  if (value.publish === "at" && !(LOCAL_TIME.test(value.publishAt) && isIsoDate(value.publishAt.slice(0, 10)))) {
    ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Please enter the date and time to publish at" });
  }
}

/** The news post form of the admin screen: the post's fields and how to publish it. */
export function newsPostFormSchema(today: string, defaultAuthor: string) {
  return newsPostSchema(today, defaultAuthor).extend(publicationFields).superRefine(checkSetTime);
}

/** The event form of the admin screen: the event's fields and how to publish it. */
export function eventFormSchema(today: string, defaultAuthor: string) {
  return eventSchema(today, defaultAuthor).extend(publicationFields).superRefine(checkSetTime);
}

/** How the form asks to publish: the choice, the set time as typed, whether to mail the list. */
export interface PublicationInput {
  publish: PublishChoice;
  publishAt: string;
  announce: boolean;
}

/** Splits a form's output into the item's fields and how to publish it. */
export function splitPublication<T extends PublicationInput>(value: T): { item: Omit<T, keyof PublicationInput>; publication: PublicationInput } {
  const { publish, publishAt, announce, ...item } = value;
  return { item, publication: { publish, publishAt, announce } };
}
