/** The email to members form (spec §5). */
import { describe, expect, it } from "vitest";
import { formLimits, parseForm } from "#app/platform/text/forms.ts";
import { memberEmailSchema } from "./forms.ts";

describe("email to members form", () => {
  it("member email: required, with min and max lengths", () => {
    expect(formLimits(memberEmailSchema)).toEqual({
      subject: { required: true, minLength: 1, maxLength: 300 },
      message: { required: true, minLength: 1, maxLength: 100_000 },
    });
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
});
