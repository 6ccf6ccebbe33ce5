import { describe, expect, it } from "vitest";
import { jsonLdText, zonedDateTime } from "./json-ld.ts";

describe("zonedDateTime", () => {
  it("writes the zone's offset at that instant, across a change of the clocks", () => {
    expect(zonedDateTime("2026-10-30", "19:00", "America/Chicago")).toBe("2026-10-30T19:00:00-05:00");
    expect(zonedDateTime("2026-11-06", "19:00", "America/Chicago")).toBe("2026-11-06T19:00:00-06:00");
    expect(zonedDateTime("2026-07-01", "06:30", "Asia/Kolkata")).toBe("2026-07-01T06:30:00+05:30");
  });
  it("writes the date alone without a time of day", () => {
    expect(zonedDateTime("2026-11-07", "", "America/Chicago")).toBe("2026-11-07");
  });
});

describe("jsonLdText", () => {
  it("cannot end its script element, and reads back the same", () => {
    const value = { name: "</script><script>alert(1)</script> & \u2028" };
    expect(jsonLdText(value)).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(jsonLdText(value))).toEqual(value);
  });
});
