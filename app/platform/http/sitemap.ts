/**
 * What crawlers read first (issue 28 part 6): `/robots.txt` (the robots exclusion protocol, RFC 9309) and
 * `/sitemap.xml` (the sitemaps.org 0.9 protocol, https://www.sitemaps.org/protocol.html): every public address with
 * the date its content last changed.
 */

/** One address of the sitemap: a path on the site, and when what it shows last changed (ms since epoch), if known. */
export interface SitemapUrl {
  path: string;
  lastmod?: number | null;
}

/** The protocol's limit of addresses in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

function xmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** An instant as the W3C Datetime the protocol asks for, to the second in UTC: "2026-11-27T17:00:00Z". */
export function w3cDatetime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The sitemap of `urls` under `publicUrl`: each address absolute and escaped, once (the first of a repeated path
 * kept), at most `SITEMAP_MAX_URLS` of them.
 * @param publicUrl the site's public address without a trailing slash
 */
export function sitemapXml(publicUrl: string, urls: readonly SitemapUrl[]): string {
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const { path, lastmod } of urls) {
    const loc = new URL(path, `${publicUrl}/`).href;
    if (seen.has(loc) || entries.length >= SITEMAP_MAX_URLS) continue;
    seen.add(loc);
    entries.push(`<url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${w3cDatetime(lastmod)}</lastmod>` : ""}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

/**
 * The robots.txt of the site: every crawler may read everything but the paths in `disallow` (prefixes), and is told
 * where the sitemap is.
 * @param publicUrl the site's public address without a trailing slash
 */
export function robotsTxt(publicUrl: string, disallow: readonly string[]): string {
  return ["User-agent: *", ...disallow.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
}
