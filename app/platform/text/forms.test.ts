/**
 * The forms' shared pieces (app/platform/text/forms.ts): `formLimits` reads an input's limits from the same zod schema the
 * server checks with (maxLength from `.max()`, minLength from `.min()`, required unless `.default()`/`.optional()`
 * or when at least one character is needed, min/max/step for numbers, also through transforms and pipes), and
 * `parseForm` turns a submission into the data or one result shape: one message per field and every value as typed.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bannerSchema, eventSchema, formFields, formLimits, measurementSchema, memberEmailSchema, newsPostSchema, parseForm } from "./forms.ts";

const TODAY = "2026-05-04";
/** The specification's message for a measurement value that is not a number 0 or more (spec §5). */
const NOT_A_READING = "Please enter a valid positive number for the measurement value";
const news = newsPostSchema(TODAY, "board@example.org");

describe("formLimits", () => {
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
    });
  });

  it("beach measurement: both required; the value, a string turned into a number, gets min 0, max 1,000,000 and any step", () => {
    expect(formLimits(measurementSchema(TODAY))).toEqual({ date: { required: true }, value: { required: true, min: 0, max: 1_000_000, step: "any" } });
  });

  it("member email and banner: required, with min and max lengths", () => {
    expect(formLimits(memberEmailSchema)).toEqual({
      subject: { required: true, minLength: 1, maxLength: 300 },
      message: { required: true, minLength: 1, maxLength: 100_000 },
    });
    expect(formLimits(bannerSchema)).toEqual({ text: { required: true, minLength: 1, maxLength: 2_000 } });
  });

  it("reads numbers, optional and defaulted fields of any schema", () => {
    const schema = z.object({
      count: z.number().int().min(1).max(10),
      share: z.number().min(0).max(1),
      nickname: z.string().max(40).optional(),
      code: z.string().min(3).optional(),
      note: z.string().default(""),
      plain: z.string(),
      age: z.string().transform(Number).pipe(z.number().int().min(18).max(130)),
    });
    expect(formLimits(schema)).toEqual({
      count: { required: true, min: 1, max: 10, step: 1 },
      share: { required: true, min: 0, max: 1, step: "any" },
      nickname: { maxLength: 40 },
      // Optional, but an empty input would fail .min(3): the browser must ask for it.
      code: { required: true, minLength: 3 },
      note: {},
      plain: { required: true },
      age: { required: true, min: 18, max: 130, step: 1 },
    });
  });

  it("an integer without .min() or .max() gets no min or max: zod's safe-integer bounds are not the schema's limits", () => {
    // zod 4 gives .int() a minValue/maxValue of ±Number.MAX_SAFE_INTEGER; an input would carry max="9007199254740991".
    expect(formLimits(z.object({ n: z.number().int() }))).toEqual({ n: { required: true, step: 1 } });
  });
});

describe("parseForm", () => {
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

  it.each([
    ["not a calendar date", { date: "2026-02-30", value: "10" }, { date: "Please enter a valid date" }],
    ["an empty date", { date: "", value: "10" }, { date: "Please enter a valid date" }],
    ["tomorrow's date", { date: "2026-05-05", value: "10" }, { date: "The sample date cannot be after today" }],
    ["the date 9999-12-31", { date: "9999-12-31", value: "10" }, { date: "The sample date cannot be after today" }],
    ["a negative value", { date: TODAY, value: "-5" }, { value: NOT_A_READING }],
    ["a value that is not a number", { date: TODAY, value: "abc" }, { value: NOT_A_READING }],
    ["an empty value", { date: TODAY, value: "" }, { value: NOT_A_READING }],
    ["a value of spaces", { date: TODAY, value: "  " }, { value: NOT_A_READING }],
    ["a hexadecimal value", { date: TODAY, value: "0x10" }, { value: NOT_A_READING }],
    ["an exponent", { date: TODAY, value: "1e308" }, { value: NOT_A_READING }],
    ["a small exponent", { date: TODAY, value: "1e3" }, { value: NOT_A_READING }],
    ["Infinity", { date: TODAY, value: "Infinity" }, { value: NOT_A_READING }],
    ["a plus sign", { date: TODAY, value: "+5" }, { value: NOT_A_READING }],
    ["a value over 1,000,000", { date: TODAY, value: "1000000.5" }, { value: "A reading can be at most 1,000,000 per 100 mL" }],
    ["no value at all", { date: TODAY }, { value: expect.any(String) }],
  ])("measurement with %s: its message, the values kept", (_label, submitted, errors) => {
    const parsed = parseForm(measurementSchema(TODAY), submitted as Record<string, string>);
    expect(parsed).toEqual({ ok: false, result: { fieldErrors: errors, values: submitted } });
  });

  it.each([
    [" 12.5 ", 12.5],
    ["0", 0],
    [".5", 0.5],
    ["1000000", 1_000_000],
  ])("turns the measurement value %j into the number %s, dated today", (value, number) => {
    expect(parseForm(measurementSchema(TODAY), { date: TODAY, value })).toMatchObject({ ok: true, data: { date: TODAY, value: number } });
  });

  it("member email: the specification's messages, and a subject on one line", () => {
    expect(parseForm(memberEmailSchema, { subject: " ", message: "" })).toMatchObject({
      ok: false,
      result: { fieldErrors: { subject: "Please enter an email subject", message: "Please enter an email message" } },
    });
    expect(parseForm(memberEmailSchema, { subject: "Dock\r\nBcc: x@example.org", message: "Hi" })).toMatchObject({
      ok: false,
      result: { fieldErrors: { subject: "The subject must be one line" } },
    });
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
