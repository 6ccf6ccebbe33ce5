/** The banner form. */
import { describe, expect, it } from "vitest";
import { formLimits } from "#app/platform/text/forms.ts";
import { bannerSchema } from "./forms.ts";

describe("banner form", () => {
  it("banner: required, with min and max lengths", () => {
    expect(formLimits(bannerSchema)).toEqual({ text: { required: true, minLength: 1, maxLength: 2_000 } });
  });
});
