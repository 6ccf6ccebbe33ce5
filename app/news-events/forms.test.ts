/** The news post and event forms (spec §5: no required fields) through the shared form pieces. */
import { describe, expect, it } from "vitest";
import { formFields, formLimits, parseForm } from "#app/platform/text/forms.ts";
import { eventFormSchema, eventSchema, newsPostFormSchema, newsPostSchema, splitPublication } from "./forms.ts";

const TODAY = "2026-05-04";
const news = newsPostSchema(TODAY, "board@example.org");

describe("news post and event forms", () => {
  it("news post: no field required (spec §5), maxLength from each .max()", () => {
    expect(formLimits(news)).toEqual({ title: { maxLength: 300 }, text: { maxLength: 20_000 }, date: {}, author: { maxLength: 200 } });
  });

  it("event: no field required, maxLength from each .max()", () => {
    expect(formLimits(eventSchema(TODAY, "a"))).toEqual({
      title: { maxLength: 300 },
      date: {},
      startTime: {},
      timeDetails: { maxLength: 300 },
      place: { maxLength: 300 },
      eventDetails: { maxLength: 20_000 },
      author: { maxLength: 200 },
      endTime: {},
      allDay: {},
      endDate: {},
      repeat: {},
      repeatUntil: {},
      repeatCount: {},
      exceptions: { maxLength: 4_000 },
    });
  });

  it("gives the data with the schema's defaults and transforms, and the values as submitted", () => {
    const submitted = { title: "Ice out", text: "The ice is out.", date: "", author: "  " };
    const parsed = parseForm(news, submitted);
    expect(parsed).toEqual({ ok: true, data: { title: "Ice out", text: "The ice is out.", date: TODAY, author: "board@example.org" }, values: submitted });
  });

  it("refuses a date that is not a calendar date, with its message, keeping every value as typed", () => {
    const submitted = { title: "  Spaced title ", text: "Line one\nLine two", date: "2026-02-30", author: "Chair" };
    const parsed = parseForm(news, submitted);
    expect(parsed).toEqual({ ok: false, result: { fieldErrors: { date: "Please enter a valid date" }, values: submitted } });
  });

  it("refuses too long a text with one message per field, the first one", () => {
    const parsed = parseForm(news, { title: "x".repeat(301), text: "", date: "yesterday", author: "y".repeat(201) });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.result.fieldErrors).toEqual({ title: "At most 300 characters", date: "Please enter a valid date", author: "At most 200 characters" });
  });

  it("accepts exactly the limit", () => {
    expect(parseForm(news, { title: "x".repeat(300), text: "t".repeat(20_000), date: TODAY, author: "y".repeat(200) }).ok).toBe(true);
  });

  it("reads a FormData: strings only, NUL dropped", () => {
    const form = new FormData();
    form.set("title", "Nul\u0000 here");
    form.set("text", "ok");
    form.set("date", TODAY);
    form.set("author", "a");
    form.set("attachment", new Blob(["bytes"]), "file.txt");
    expect(formFields(form)).toEqual({ title: "Nul here", text: "ok", date: TODAY, author: "a" });
    expect(parseForm(news, form)).toMatchObject({ ok: true, data: { title: "Nul here" }, values: { title: "Nul here" } });
  });
});

describe("the publishing fields of the admin forms (issue 26)", () => {
  const form = newsPostFormSchema(TODAY, "Dana Lee");

  it("a form without them publishes now and mails nobody (the spec's plain save)", () => {
    const parsed = parseForm(form, { title: "Ice out", text: "", date: "", author: "" });
    expect(parsed.ok && splitPublication(parsed.data)).toEqual({
      item: { title: "Ice out", text: "", date: TODAY, author: "Dana Lee" },
      publication: { publish: "now", publishAt: "", announce: false },
    });
  });

  it("mails only when the box is sent checked", () => {
    const parsed = parseForm(eventFormSchema(TODAY, "Dana Lee"), { title: "Potluck", announce: "on", publish: "draft" });
    expect(parsed.ok && splitPublication(parsed.data).publication).toEqual({ publish: "draft", publishAt: "", announce: true });
  });

  it("a set time is required for “At a set time”, and must be a real one; an unknown choice is refused", () => {
    for (const publishAt of ["", "2026-02-30T10:00", "2026-05-04T25:00", "soon"]) {
      const parsed = parseForm(form, { publish: "at", publishAt });
      expect(parsed.ok ? {} : parsed.result.fieldErrors).toEqual({ publishAt: "Please enter the date and time to publish at" });
    }
    expect(parseForm(form, { publish: "at", publishAt: "2026-05-04T09:30" }).ok).toBe(true);
    expect(parseForm(form, { publish: "at", publishAt: "2026-05-04T09:30:15" }).ok).toBe(true);
    const odd = parseForm(form, { publish: "tomorrow" });
    expect(odd.ok ? {} : odd.result.fieldErrors).toEqual({ publish: "Please choose when to publish" });
  });
});

describe("the event form's times, days and repeats (issue 28 part 2)", () => {
  const schema = eventFormSchema(TODAY, "Board");
  const errors = (fields: Record<string, string>) => {
    const parsed = parseForm(schema, { title: "Star night", date: "2026-10-29", ...fields });
    return parsed.ok ? {} : parsed.result.fieldErrors;
  };

  it("reads an event without the new fields as before: once, one day, no end", () => {
    const parsed = parseForm(schema, { title: "Star night", date: "2026-10-29", startTime: "19:00" });
    expect(parsed.ok && parsed.data).toMatchObject({ endTime: "", allDay: 0, endDate: "", repeat: "", repeatUntil: "", repeatCount: null, exceptions: "" });
  });

  it("takes an end time, all day, an end date, a repeat with a count and skipped dates in order, without duplicates", () => {
    const parsed = parseForm(schema, { date: "2026-10-29", startTime: "19:00", endTime: "21:00", repeat: "weekly", repeatCount: "10", exceptions: "2026-11-26\n2026-11-12, 2026-11-26" });
    expect(parsed.ok && parsed.data).toMatchObject({ endTime: "21:00", repeat: "weekly", repeatCount: 10, exceptions: "2026-11-12,2026-11-26" });
    const allDay = parseForm(schema, { date: "2026-10-29", allDay: "on", endDate: "2026-10-31" });
    expect(allDay.ok && allDay.data).toMatchObject({ allDay: 1, endDate: "2026-10-31" });
  });

  it.each([
    [{ allDay: "on", startTime: "19:00" }, { startTime: "An all-day event has no start or end time: clear them, or untick All day" }],
    [{ endTime: "21:00" }, { endTime: "Please enter the start time too, or clear the end time" }],
    [{ startTime: "19:00", endTime: "19:00" }, { endTime: "The end time must be after the start time (for an event past midnight, give its end date)" }],
    [{ startTime: "19:00", endTime: "18:00", endDate: "2026-10-29" }, { endTime: "The end time must be after the start time (for an event past midnight, give its end date)" }],
    [{ startTime: "19:00", endDate: "2026-10-30" }, { endTime: "Please enter the end time of an event over several days" }],
    [{ endDate: "2026-10-28" }, { endDate: "The end date is before the date the event starts" }],
    [{ endDate: "2026-02-30" }, { endDate: "Please enter a valid date" }],
    [{ repeat: "daily" }, { repeat: "Please choose how the event repeats" }],
    [{ repeatCount: "3" }, { repeat: "Please choose how the event repeats, or clear Repeat until, Number of times and Skipped dates" }],
    [{ repeat: "weekly", repeatCount: "0" }, { repeatCount: "Please enter a whole number of times from 1 to 999" }],
    [{ repeat: "weekly", repeatCount: "2.5" }, { repeatCount: "Please enter a whole number of times from 1 to 999" }],
    [{ repeat: "weekly", repeatCount: "3", repeatUntil: "2026-12-31" }, { repeatCount: "Please give either a last date or a number of times, not both" }],
    [{ repeat: "weekly", repeatUntil: "2026-10-01" }, { repeatUntil: "The last date is before the event's first date" }],
    [{ repeat: "weekly", endDate: "2026-11-05" }, { endDate: "A weekly event can last 7 days at most" }],
    [{ repeat: "weekly", exceptions: "Nov 12" }, { exceptions: "Please write each skipped date as YYYY-MM-DD, one a line (e.g. 2026-12-24)" }],
    [{ repeat: "weekly", exceptions: "2026-11-13" }, { exceptions: "Nov 13, 2026 is not one of this event's dates" }],
  ])("refuses %o with a message on the field to change", (fields, expected) => {
    expect(errors(fields)).toEqual(expected);
  });

  it("takes an end on the next day past midnight, and an end date on the start date as one day", () => {
    expect(errors({ startTime: "21:00", endTime: "01:00", endDate: "2026-10-30" })).toEqual({});
    expect(errors({ startTime: "19:00", endTime: "21:00", endDate: "2026-10-29" })).toEqual({});
  });
});
