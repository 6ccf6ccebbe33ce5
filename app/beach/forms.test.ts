/** The beach measurement form (spec §5), with the specification's messages, and its limits. */
import { describe, expect, it } from "vitest";
import { formLimits, parseForm } from "#app/platform/text/forms.ts";
import { measurementSchema } from "./forms.ts";

const TODAY = "2026-05-04";
/** The specification's message for a measurement value that is not a number 0 or more (spec §5). */
const NOT_A_READING = "Please enter a valid positive number for the measurement value";

describe("beach measurement form", () => {
  it("beach measurement: both required; the value, a string turned into a number, gets min 0, max 1,000,000 and any step", () => {
    expect(formLimits(measurementSchema(TODAY))).toEqual({ date: { required: true }, value: { required: true, min: 0, max: 1_000_000, step: "any" } });
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

});
