import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { hashPolicy, inlineHashes, makePageVersion, matchesVersion } from "./page-version.ts";

const sha = (code: string) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;
const POLICY = "default-src 'self';script-src 'self' 'nonce-abc';style-src 'self' 'nonce-abc';object-src 'none'";

describe("a stored page version", () => {
  it("hashes inline scripts and styles as written (entities not decoded), not external scripts", () => {
    const html = `<html><head><style nonce="abc">a{b:c}</style><script src="/x.js" nonce="abc"></script></head><body><noscript><style nonce="abc">.m{d:e}</style></noscript><script nonce="abc">x("&amp;<\\/p>")</script><script type="module" nonce="abc">import "/y.js";</script></body></html>`;
    expect(inlineHashes(html)).toEqual({ script: [sha('x("&amp;<\\/p>")'), sha('import "/y.js";')], style: [sha("a{b:c}"), sha(".m{d:e}")] });
  });

  it("takes the nonce out of the body and the policy, and names the hashes instead", () => {
    const body = Buffer.from(`<!DOCTYPE html><html><head><style nonce="abc">a{}</style></head><body><script nonce="abc">go()</script></body></html>`);
    const version = makePageVersion(body, { nonce: "abc", csp: POLICY, html: true });
    const text = version.bodies.identity.toString("utf8");
    expect(text).not.toContain("nonce");
    expect(version.csp).toBe(`default-src 'self';script-src 'self' ${sha("go()")};style-src 'self' ${sha("a{}")};object-src 'none'`);
    expect(brotliDecompressSync(version.bodies.br).toString("utf8")).toBe(text);
    expect(gunzipSync(version.bodies.gzip).toString("utf8")).toBe(text);
    expect(version.size).toBe(version.bodies.br.length + version.bodies.gzip.length + version.bodies.identity.length);
  });

  it("leaves a non-HTML body (a .data response) and its policy alone", () => {
    const version = makePageVersion(Buffer.from('[{"nonce":"abc"}]'), { nonce: "abc", csp: POLICY, html: false });
    expect(version.bodies.identity.toString()).toBe('[{"nonce":"abc"}]');
    expect(version.csp).toBeUndefined();
  });

  it("keeps 'self' alone when a page has no inline script", () => {
    expect(hashPolicy(POLICY, { script: [], style: [] })).toBe("default-src 'self';script-src 'self';style-src 'self';object-src 'none'");
  });

  it("matches If-None-Match on the version in any encoding, weak or strong, and nothing else", () => {
    const version = makePageVersion(Buffer.from("<p>hi</p>"), { nonce: "", csp: undefined, html: true });
    for (const tag of Object.values(version.etags)) expect(matchesVersion(tag, version)).toBe(true);
    expect(matchesVersion(`W/${version.etags.br}`, version)).toBe(true);
    expect(matchesVersion(`"other", ${version.etags.gzip}`, version)).toBe(true);
    expect(matchesVersion("*", version)).toBe(true);
    expect(matchesVersion('"other"', version)).toBe(false);
    expect(matchesVersion(undefined, version)).toBe(false);
    const other = makePageVersion(Buffer.from("<p>ho</p>"), { nonce: "", csp: undefined, html: true });
    expect(matchesVersion(other.etags.identity, version)).toBe(false);
  });
});
