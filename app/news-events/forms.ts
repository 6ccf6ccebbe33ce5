/** The news post and event forms (spec §5), checked in the action; their limits reach the inputs (`formLimits`). */
import { z } from "zod";
import { dateField, textField } from "#app/platform/text/forms.ts";
import { isIsoDate } from "#app/platform/text/dates.ts";
import { shortDate } from "#app/platform/text/format.ts";
import { LOCAL_TIME, PUBLISH_CHOICES, type PublishChoice } from "./publication.ts";
import { isRuleDate, ONCE, REPEATS, spanDays, type Repeat } from "./occurrences.ts";

/** News post form (spec §5: no required fields). */
export function newsPostSchema(today: string, defaultAuthor: string) {
  return z.object({
    title: textField(300),
    text: textField(20_000),
    date: dateField(today),
    author: textField(200).transform((v) => v.trim() || defaultAuthor),
  });
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = () =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || TIME.test(v), "Please enter a time as HH:MM");
/** A date that may be left empty (""), unlike `dateField`, which fills in today. */
const optionalDate = () =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || isIsoDate(v), "Please enter a valid date");

/** The fields of the event form (spec §5: no required fields), before the checks across fields. */
function eventFields(today: string, defaultAuthor: string) {
  return z.object({
    title: textField(300),
    date: dateField(today),
    startTime: timeField(),
    timeDetails: textField(300),
    place: textField(300),
    eventDetails: textField(20_000),
    author: textField(200).transform((v) => v.trim() || defaultAuthor),
    // Issue 28 part 2 (migration 0020, decision 036): an end, all day, several days, repeats.
    endTime: timeField(),
    allDay: z
      .string()
      .default("")
      .transform((v) => (v === "on" ? 1 : 0)),
    endDate: optionalDate(),
    repeat: z
      .string()
      .default("")
      .refine((v): v is Repeat => (REPEATS as readonly string[]).includes(v), "Please choose how the event repeats"),
    repeatUntil: optionalDate(),
    repeatCount: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) >= 1), "Please enter a whole number of times from 1 to 999")
      .transform((v) => (v === "" ? null : Number(v))),
    exceptions: z
      .string()
      .max(4_000, "At most 4000 characters")
      .default("")
      .refine((v) => splitDates(v).every(isIsoDate), "Please write each skipped date as YYYY-MM-DD, one a line (e.g. 2026-12-24)")
      .transform((v) => [...new Set(splitDates(v))].sort().join(",")),
  });
}

function splitDates(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

type EventFields = z.output<ReturnType<typeof eventFields>>;

/**
 * The checks across an event's time fields (an end date on the start date is an event of one day, as none is), each message on the field to change: no times on an all-day event; an
 * end time needs a start time and comes after it on the same day; an end date not before the date, and an event over
 * several days with a start time has an end time; a repeat for "Repeat until", "Number of times" and "Skipped
 * dates", one of the first two at most, a last date not before the first, and each skipped date one of the event's
 * dates; a weekly event lasts a week at most, a monthly one four weeks.
 */
function checkTiming(value: EventFields, ctx: z.RefinementCtx) {
  const issue = (path: keyof EventFields, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  // Zod runs this also when a field was refused (a refusal does not stop it): those fields have their own message.
  if (![value.date, value.endDate || value.date, value.repeatUntil || value.date].every(isIsoDate)) return;
  const severalDays = value.endDate !== "" && value.endDate > value.date;
  if (value.allDay && (value.startTime || value.endTime)) issue("startTime", "An all-day event has no start or end time: clear them, or untick All day");
  else if (value.endTime && !value.startTime) issue("endTime", "Please enter the start time too, or clear the end time");
  else if (!severalDays && value.startTime && value.endTime && value.endTime <= value.startTime) {
    issue("endTime", "The end time must be after the start time (for an event past midnight, give its end date)");
  } else if (severalDays && value.startTime && !value.endTime) issue("endTime", "Please enter the end time of an event over several days");
  if (value.endDate && value.endDate < value.date) issue("endDate", "The end date is before the date the event starts");

  if (value.repeat === "") {
    if (value.repeatUntil || value.repeatCount !== null || value.exceptions) {
      issue("repeat", "Please choose how the event repeats, or clear Repeat until, Number of times and Skipped dates");
    }
    return;
  }
  if (value.repeatUntil && value.repeatCount !== null) issue("repeatCount", "Please give either a last date or a number of times, not both");
  if (value.repeatUntil && value.repeatUntil < value.date) issue("repeatUntil", "The last date is before the event's first date");
  const span = spanDays(value);
  if (value.repeat === "weekly" && span >= 7) issue("endDate", "A weekly event can last 7 days at most");
  if (value.repeat.startsWith("monthly") && span >= 28) issue("endDate", "A monthly event can last 28 days at most");
  const stray = value.exceptions ? value.exceptions.split(/[\s,;]+/).find((date) => isIsoDate(date) && !isRuleDate(value, date)) : undefined;
  if (stray) issue("exceptions", `${shortDate(stray)} is not one of this event's dates`);
}

/** Event form (spec §5: no required fields), with the checks across its time fields. */
export function eventSchema(today: string, defaultAuthor: string) {
  return eventFields(today, defaultAuthor).superRefine(checkTiming);
}

/** What an administrator edits of a news post, as the form's schema gives it (its derived fields are the model's). */
export type NewsPostInput = z.output<ReturnType<typeof newsPostSchema>>;

/** The time fields added by migration 0020: a caller that leaves them out writes an event of one day, no repeat. */
type TimingKey = keyof typeof ONCE;

/**
 * What an administrator edits of an event, as the form's schema gives it; the time fields of migration 0020 may be
 * left out (an event once, on one day, without an end time).
 */
export type EventInput = Omit<EventFields, TimingKey> & Partial<Pick<EventFields, TimingKey>>;

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
  return eventFields(today, defaultAuthor).extend(publicationFields).superRefine(checkSetTime).superRefine(checkTiming);
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
