import { describe, expect, it } from "vitest";
import { requestedPath, safeRedirect } from "./context.server.ts";

describe("safeRedirect", () => {
  it.each(["/admin/news", "/admin?x=1#h", "/admin/events?year=2026", "/"])("keeps the on-site path %j", (value) => {
    expect(safeRedirect(value)).toBe(value);
  });

  it.each([null, undefined, ""])("falls back to /admin for %j", (value) => {
    expect(safeRedirect(value)).toBe("/admin");
  });

  it.each([
    "//evil.example",
    "//evil.example/admin",
    "/\\evil.example",
    "https://evil.example",
    "http://evil.example/admin",
    "javascript:alert(1)",
    "admin",
    "evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
  ])("refuses %j and gives /admin", (value) => {
    expect(safeRedirect(value)).toBe("/admin");
  });

  it("uses the fallback given", () => {
    expect(safeRedirect("//evil.example", "/")).toBe("/");
    expect(safeRedirect(null, "/admin/news")).toBe("/admin/news");
  });

  it("keeps an encoded /%2F%2Fevil on this site", () => {
    const target = safeRedirect("/%2F%2Fevil");
    expect(target).toBe("/%2F%2Fevil");
    expect(new URL(target, "https://heronlake.example.org").origin).toBe("https://heronlake.example.org");
  });

  // The URL parser removes dot segments, so "/..//evil.example" would become the protocol-relative "//evil.example".
  it.each(["/..//evil.example", "/.//evil.example", "/%2e%2e//evil.example", "/admin/..//evil.example"])(
    "never returns a protocol-relative target for the dot-segment trick %j ",
    (value) => {
      const target = safeRedirect(value);
      expect(target.startsWith("//")).toBe(false);
      expect(new URL(target, "https://heronlake.example.org").origin).toBe("https://heronlake.example.org");
    },
  );

  it("never returns a target that leaves the site, for any of many inputs", () => {
    const inputs = ["/admin", "/a/b/../c", "/./admin", "/%5C%5Cevil", "/admin#//evil", "/admin?next=//evil", "/@evil.example"];
    for (const value of inputs) {
      const target = safeRedirect(value);
      expect(target.startsWith("/")).toBe(true);
      expect(new URL(target, "https://heronlake.example.org").origin).toBe("https://heronlake.example.org");
    }
  });
});

describe("requestedPath", () => {
  it.each([
    ["http://x/admin/events", "/admin/events"],
    ["http://x/admin/events?year=2026", "/admin/events?year=2026"],
    // Client-side navigations ask for the page's data; the redirect names the page.
    ["http://x/admin/events.data", "/admin/events"],
    ["http://x/admin/events.data?_routes=routes%2Fadmin%2Fevents", "/admin/events"],
    ["http://x/admin/events.data?year=2026&_routes=a", "/admin/events?year=2026"],
    ["http://x/admin/news.data?index", "/admin/news"],
    ["http://x/_root.data", "/"],
  ])("%s asks for %s", (url, expected) => {
    expect(requestedPath(new Request(url))).toBe(expected);
  });
});
