import { describe, expect, it } from "vitest";
import { escapeHtml, messageToHtml } from "./email-body.ts";

describe("messageToHtml (spec §7: one paragraph per non-empty line, escaped)", () => {
  it("makes one paragraph per non-empty line", () => {
    expect(messageToHtml("Dear members,\n\nThe beach is open.\r\nSee you there.")).toBe(
      "<p>Dear members,</p><p>The beach is open.</p><p>See you there.</p>",
    );
  });
  it("drops lines of only white space and trims the others", () => {
    expect(messageToHtml("  a  \n \t \n\rb")).toBe("<p>a</p><p>b</p>");
  });
  it("escapes markup and quotes", () => {
    expect(messageToHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>",
    );
  });
  it("gives an empty body for an empty message", () => {
    expect(messageToHtml("\n\n")).toBe("");
  });
});

describe("escapeHtml", () => {
  it("leaves plain text alone", () => {
    expect(escapeHtml("Heron Lake 2026")).toBe("Heron Lake 2026");
  });
});
