import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml, w3cDatetime } from "./sitemap.ts";

describe("sitemapXml", () => {
  it("writes each address absolute and escaped, once, with its date to the second in UTC", () => {
    const xml = sitemapXml("https://lake.example.org", [
      { path: "/", lastmod: Date.UTC(2026, 10, 27, 17, 0, 0, 250) },
      { path: "/more/localinfo/Waste Disposal" },
      { path: "/news/a&b", lastmod: null },
      { path: "/" },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "<url><loc>https://lake.example.org/</loc><lastmod>2026-11-27T17:00:00Z</lastmod></url>",
        "<url><loc>https://lake.example.org/more/localinfo/Waste%20Disposal</loc></url>",
        "<url><loc>https://lake.example.org/news/a&amp;b</loc></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });
  it("dates in the W3C Datetime form", () => {
    expect(w3cDatetime(0)).toBe("1970-01-01T00:00:00Z");
  });
});

describe("robotsTxt", () => {
  it("lets every crawler read all but the given prefixes, and names the sitemap", () => {
    expect(robotsTxt("https://lake.example.org", ["/admin", "/login"])).toBe("User-agent: *\nDisallow: /admin\nDisallow: /login\n\nSitemap: https://lake.example.org/sitemap.xml\n");
  });
});
