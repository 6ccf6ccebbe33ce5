/**
 * The forms' shared pieces (app/platform/text/forms.ts): `formLimits` reads an input's limits from the same zod schema the
 * server checks with (maxLength from `.max()`, minLength from `.min()`, required unless `.default()`/`.optional()`
 * or when at least one character is needed, min/max/step for numbers, also through transforms and pipes), and
 * `parseForm` turns a submission into the data or one result shape: one message per field and every value as typed.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formFields, formLimits, parseForm, textField, webAddressField, withWebScheme } from "./forms.ts";

describe("formLimits", () => {
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
  const schema = z.object({ title: textField(10), code: z.string().min(2, "Too short") });

  it("gives the data and the values as submitted", () => {
    expect(parseForm(schema, { title: "Ice", code: "ab" })).toEqual({ ok: true, data: { title: "Ice", code: "ab" }, values: { title: "Ice", code: "ab" } });
  });

  it("refuses with one message per field, every value kept as typed", () => {
    expect(parseForm(schema, { title: "x".repeat(11), code: "a" })).toEqual({
      ok: false,
      result: { fieldErrors: { title: "At most 10 characters", code: "Too short" }, values: { title: "x".repeat(11), code: "a" } },
    });
  });

  it("reads a FormData: strings only, control characters dropped and line breaks as LF", () => {
    const form = new FormData();
    form.set("title", "Nul\u0000 here");
    form.set("code", "a\r\nb");
    form.set("attachment", new Blob(["bytes"]), "file.txt");
    expect(formFields(form)).toEqual({ title: "Nul here", code: "a\nb" });
  });
});

describe("webAddressField (issue 26: www.example.com is a web address)", () => {
  const schema = z.object({ link: webAddressField("Please enter a web address") });
  const https = z.object({ link: webAddressField("Please enter a full https:// address", { httpsOnly: true }) });
  const read = (s: z.ZodType, link: string) => {
    const parsed = parseForm(s, { link });
    return parsed.ok ? (parsed.data as { link: string }).link : { refused: parsed.result.fieldErrors.link };
  };

  it.each([
    ["www.example.com", "https://www.example.com"],
    ["  www.example.com/about  ", "https://www.example.com/about"],
    ["example.org:8080/x", "https://example.org:8080/x"],
    ["//cdn.example.org", "https://cdn.example.org"],
    ["https://www.example.com", "https://www.example.com"],
    ["http://old.example.com", "http://old.example.com"],
    ["", ""],
  ])("reads %j as %j", (typed, saved) => {
    expect(read(schema, typed)).toBe(saved);
  });

  it.each(["javascript:alert(1)", "mailto:a@example.org", "clinic", "www.example com", "ftp://example.org", "https://.example"])("refuses %j with its message", (typed) => {
    expect(read(schema, typed)).toEqual({ refused: "Please enter a web address" });
  });

  it("keeps http:// out where https is required, but still adds https:// to a bare address", () => {
    expect(read(https, "www.facebook.com/heronlake")).toBe("https://www.facebook.com/heronlake");
    expect(read(https, "http://www.facebook.com/heronlake")).toEqual({ refused: "Please enter a full https:// address" });
  });

  it("gives the input its length limit and leaves it optional", () => {
    expect(formLimits(schema).link).toEqual({ maxLength: 500 });
  });

  it("withWebScheme leaves an address with a scheme alone", () => {
    expect(withWebScheme("HTTPS://Example.org")).toBe("HTTPS://Example.org");
    expect(withWebScheme("data:text/html,x")).toBe("data:text/html,x");
  });
});
