import { describe, expect, it } from "vitest";
import { newHeadExtras, withHeadExtras } from "./head-extras.server.ts";

const PAGE = '<html><head><title>Ice &amp; &quot;loons&quot; · Heron Lake</title><meta name="description" content="A &lt;b&gt; day &amp; night"/></head><body></body></html>';
const SITE = { url: "https://lake.example.org", name: "Heron & Lake", image: "/icon-512.png" };

function head(html: string): string {
  return html.slice(html.indexOf("<head>"), html.indexOf("</head>"));
}

describe("withHeadExtras", () => {
  it("writes the canonical link and link-preview tags from the page's own title and description, escaped once", () => {
    const html = withHeadExtras(PAGE, { ...newHeadExtras(), site: SITE }, { path: "/more/localinfo/Waste Disposal", status: 200, nonce: "" });
    const tags = head(html);
    expect(tags).toContain('<link rel="canonical" href="https://lake.example.org/more/localinfo/Waste%20Disposal"/>');
    expect(tags).toContain('<meta property="og:title" content="Ice &amp; &quot;loons&quot; · Heron Lake"/>');
    expect(tags).toContain('<meta property="og:description" content="A &lt;b&gt; day &amp; night"/>');
    expect(tags).toContain('<meta property="og:site_name" content="Heron &amp; Lake"/>');
    expect(tags).toContain('<meta property="og:image" content="https://lake.example.org/icon-512.png"/>');
    expect(tags).toContain('<meta name="twitter:card" content="summary"/>');
    expect(tags).toContain('<link rel="alternate" type="application/feed+json" href="/news.json" title="News (JSON Feed)"/>');
    expect(html.endsWith("</head><body></body></html>")).toBe(true);
  });

  it("shows a page's own picture as a large card, and its type", () => {
    const tags = head(withHeadExtras(PAGE, { ...newHeadExtras(), site: SITE, page: { type: "article", image: "/images/a/640.webp" } }, { path: "/news/1", status: 200, nonce: "" }));
    expect(tags).toContain('<meta property="og:type" content="article"/>');
    expect(tags).toContain('<meta property="og:image" content="https://lake.example.org/images/a/640.webp"/>');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });

  it("names no canonical address on an error page or without the site, but still the feeds", () => {
    for (const [extras, status] of [[{ ...newHeadExtras(), site: SITE }, 404], [null, 200]] as const) {
      const tags = head(withHeadExtras(PAGE, extras, { path: "/nope", status, nonce: "" }));
      expect(tags).not.toContain("canonical");
      expect(tags).not.toContain("og:");
      expect(tags).toContain('href="/news.atom"');
    }
  });

  it("writes each JSON-LD document with the nonce, unable to end its element", () => {
    const extras = { ...newHeadExtras(), jsonLd: [{ "@type": "Event", name: "</script><script>alert(1)</script>" }] };
    const tags = head(withHeadExtras(PAGE, extras, { path: "/", status: 200, nonce: "abc" }));
    const script = /<script type="application\/ld\+json" nonce="abc">([^<]*)<\/script>/.exec(tags);
    expect(JSON.parse(script![1]!)).toEqual(extras.jsonLd[0]);
  });

  it("leaves a document without a head as it is", () => {
    expect(withHeadExtras("<p>x</p>", newHeadExtras(), { path: "/", status: 200, nonce: "" })).toBe("<p>x</p>");
  });
});
