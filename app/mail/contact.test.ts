import { describe, expect, it } from "vitest";
import { MIN_FILL_MS, sentTooSoon } from "./contact.ts";
import { contactSchema } from "./forms.ts";
import { makeContactToken, readContactToken } from "./contact-token.server.ts";
import { contactMail } from "./contact.server.ts";

const NOW = Date.UTC(2026, 10, 27, 18, 0, 0);
const SECRET = "a-test-secret-of-the-server-0123456789";

describe("sentTooSoon (the time check: a lower bound only)", () => {
  it("refuses under 3 s after the page was made, accepts from 3 s on, however old", () => {
    expect(sentTooSoon(NOW - (MIN_FILL_MS - 1), NOW)).toBe(true);
    expect(sentTooSoon(NOW - MIN_FILL_MS, NOW)).toBe(false);
    expect(sentTooSoon(NOW - 90 * 24 * 3600_000, NOW)).toBe(false); // a cached page three months old
  });
  it("refuses a time in the future beyond a minute of clock difference", () => {
    expect(sentTooSoon(NOW + 60_000, NOW)).toBe(true); // also under 3 s "old"
    expect(sentTooSoon(NOW + 60_001, NOW)).toBe(true);
  });
});

describe("the contact form's time token", () => {
  it("reads back the time it was made with", () => {
    expect(readContactToken(SECRET, makeContactToken(SECRET, NOW))).toBe(NOW);
  });
  it("refuses a token signed with another secret, an altered time, or nonsense", () => {
    const token = makeContactToken(SECRET, NOW);
    expect(readContactToken("another-secret-0123456789abcdefghij", token)).toBeNull();
    const [, signature] = token.split(".");
    expect(readContactToken(SECRET, `${NOW - 10_000}.${signature}`)).toBeNull();
    for (const bad of [undefined, "", "123", `${NOW}.`, `${NOW}.${"A".repeat(43)}`, `x${token}`]) expect(readContactToken(SECRET, bad)).toBeNull();
  });
});

describe("contactSchema", () => {
  const valid = { name: "Ada Lake", email: "ada@example.org", message: "The dock\r\nis loose." };
  it("keeps the message's lines (CRLF as LF) and trims the rest", () => {
    expect(contactSchema.parse({ ...valid, name: "  Ada Lake ", email: " ada@example.org " })).toEqual({ name: "Ada Lake", email: "ada@example.org", message: "The dock\nis loose." });
  });
  it("makes the name one line: no header can be smuggled into the Subject", () => {
    const parsed = contactSchema.parse({ ...valid, name: "Eve\r\nBcc: all@example.org\u0000\u202e" });
    expect(parsed.name).toBe("Eve Bcc: all@example.org");
    expect(contactMail(parsed, "Nov 27, 2026").subject).not.toMatch(/[\r\n]/);
  });
  it("refuses an address with a line break, or none, and empty fields, with messages", () => {
    expect(contactSchema.safeParse({ ...valid, email: "ada@example.org\r\nBcc: x@example.org" }).success).toBe(false);
    const empty = contactSchema.safeParse({ name: " ", email: "", message: "\n" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => i.message)).toEqual(["Please enter your name", "Please enter your email address, so that the board can answer", "Please write your message"]);
  });
  it("holds the limits: 100 characters of name, 5000 of message", () => {
    expect(contactSchema.safeParse({ ...valid, name: "a".repeat(100), message: "m".repeat(5000) }).success).toBe(true);
    expect(contactSchema.safeParse({ ...valid, name: "a".repeat(101) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...valid, message: "m".repeat(5001) }).success).toBe(false);
  });
});

describe("contactMail", () => {
  it("says who wrote when, quotes the message, and escapes it in HTML", () => {
    const mail = contactMail({ name: "Ada <b>", email: "ada@example.org", message: "<script>x</script>\nline two" }, "Nov 27, 2026, 6:00 PM");
    expect(mail.subject).toBe("Message from Ada <b> via the website");
    expect(mail.text).toContain("Ada <b> (ada@example.org) wrote on the website's Contact us page on Nov 27, 2026, 6:00 PM:\n\n<script>x</script>\nline two");
    expect(mail.html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
  });
});
