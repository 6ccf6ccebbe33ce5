/**
 * Access control and headers, checked against the production build. The routes come from the build's own route
 * manifest, not a hand-kept list: a new admin route is covered the day it is added.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ENDPOINTS, ADMIN_SCREENS } from "#app/routes/admin/screens.ts";
import { isSection, PUBLIC_SITE, publicPageAddresses, publicPages } from "#app/routes/public/pages.ts";
import { startServer, type RunningServer } from "../support/server.ts";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { loader?: unknown; action?: unknown; default?: unknown; handle?: { pageCache?: boolean } };
}

const dirs: string[] = [];
let server: RunningServer;
let routes: Record<string, ManifestRoute>;

beforeAll(async () => {
  const bundle = (await import(path.resolve("build/server/index.js"))) as { routeManifest(): Promise<Record<string, ManifestRoute>> };
  routes = await bundle.routeManifest();
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-security-"));
  dirs.push(dir);
  server = await startServer({ DATA_DIR: dir });
});
afterAll(async () => {
  await server?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The address pattern of a route: its path and its parents' ("/more/localinfo/:category"). */
function patternOf(route: ManifestRoute): string {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
  return "/" + parts.join("/");
}

/** The URL path of a route: its pattern with parameters filled in. */
function urlOf(route: ManifestRoute): string {
  return patternOf(route).replace(/:[a-z]+/gi, "1767312000000.pdf").replace(/\*$/, "x");
}

/** The route of a module named relative to app/ ("routes/public/home.tsx"): the manifest names it without its extension. */
function routeOfModule(file: string): ManifestRoute | undefined {
  return routes[file.replace(/\.[cm]?[jt]sx?$/, "")];
}

function isAdmin(route: ManifestRoute): boolean {
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.id === "routes/admin/layout") return true;
  return false;
}

describe("access control from the route manifest", () => {
  it("finds the admin routes in the manifest", () => {
    const admin = Object.values(routes).filter(isAdmin).map(urlOf);
    expect(admin).toEqual(expect.arrayContaining(["/admin", "/admin/news", "/admin/events", "/admin/documents", "/admin/documents/upload", "/admin/members", "/admin/email", "/admin/beach-measurements", "/admin/banner"]));
  });

  it("every entry of the screen registry is a route of its module under the admin guard, and every admin route is in the registry", () => {
    const registry = [...ADMIN_SCREENS, ...ADMIN_ENDPOINTS];
    for (const entry of registry) {
      const route = routeOfModule(entry.file);
      expect(route, `${entry.file} is in the route manifest`).toBeDefined();
      expect(urlOf(route!), entry.file).toBe(`/admin/${entry.path}`);
      expect(isAdmin(route!), `${entry.file} is under routes/admin/layout`).toBe(true);
    }
    // The other way round: no admin route outside the registry, but /admin itself and the layout.
    const admin = Object.values(routes).filter((r) => isAdmin(r) && r.id !== "routes/admin/layout" && !r.index).map(urlOf);
    expect(admin.sort()).toEqual(registry.map((e) => `/admin/${e.path}`).sort());
  });

  it("every page of the public page registry is a route of its module at its address, and every cacheable page is in the registry", async () => {
    const sections = PUBLIC_SITE.filter(isSection);
    for (const entry of [...publicPages(), ...sections, ...sections.flatMap((s) => s.redirects)]) {
      const route = routeOfModule(entry.file);
      expect(route, `${entry.file} is in the route manifest`).toBeDefined();
      expect(patternOf(route!), entry.file).toBe(entry.path);
    }
    for (const page of publicPages()) expect(routeOfModule(page.file)!.module.default, `${page.file} renders a page`).toBeDefined();
    // The other way round: a page the public page cache may keep (a route with a component and no children) is a page of the registry.
    const parents = new Set(Object.values(routes).map((r) => r.parentId));
    const cacheable = Object.values(routes).filter((r) => r.module.handle?.pageCache && r.module.default && !parents.has(r.id));
    expect(cacheable.map((r) => r.id).sort()).toEqual(publicPages().map((p) => routeOfModule(p.file)?.id).sort());
    const status = await Promise.all(publicPageAddresses().map(async (url) => [url, (await fetch(`${server.url}${url}`)).status]));
    expect(status).toEqual(publicPageAddresses().map((url) => [url, 200]));
  });

  it("a guest asking for any address of the screen registry is sent to /login with that address", async () => {
    const addresses = ["/admin", ...[...ADMIN_SCREENS, ...ADMIN_ENDPOINTS].map((e) => `/admin/${e.path}`)];
    for (const url of addresses) {
      const response = await fetch(`${server.url}${url}`, { redirect: "manual" });
      expect(response.status, url).toBe(302);
      expect(response.headers.get("location"), url).toBe(`/login?redirect=${encodeURIComponent(url)}`);
    }
  });

  it("every admin loader refuses a guest: redirect to /login with the path asked for", async () => {
    const withLoader = Object.values(routes).filter((r) => isAdmin(r) && r.module.loader);
    expect(withLoader.length).toBeGreaterThanOrEqual(9);
    for (const route of withLoader) {
      const url = urlOf(route);
      const response = await fetch(`${server.url}${url}`, { redirect: "manual" });
      expect(response.status, url).toBe(302);
      expect(response.headers.get("location"), url).toBe(`/login?redirect=${encodeURIComponent(url)}`);
    }
    console.log(`access control: ${withLoader.length} admin loaders asked for by a guest, ${withLoader.length} refused`);
  });

  it("every admin action refuses a guest and changes nothing", async () => {
    const withAction = Object.values(routes).filter((r) => isAdmin(r) && r.module.action);
    expect(withAction.length).toBeGreaterThanOrEqual(8);
    for (const route of withAction) {
      const url = urlOf(route);
      const response = await fetch(`${server.url}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", emails: "intruder@example.org", text: "defaced", title: "x", date: "2026-01-01", value: "1" }),
      });
      expect(response.status, url).toBe(302);
      expect(response.headers.get("location"), url).toMatch(/^\/login\?redirect=/);
    }
    const home = await (await fetch(server.url)).text();
    expect(home).not.toContain("defaced");
    console.log(`access control: ${withAction.length} admin actions replayed by a guest, ${withAction.length} refused, nothing changed`);
  });

  it("the email worker refuses a guest", async () => {
    const response = await fetch(`${server.url}/api/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Target-Audience": "MEMBERS" },
      body: JSON.stringify({ subject: "x", body: "<p>x</p>" }),
    });
    expect(response.status).toBe(401);
  });

  it("every action, and better-auth's endpoints, refuse a request from another site's page", async () => {
    const withAction = Object.values(routes).filter((r) => r.module.action).map(urlOf);
    expect(withAction).toEqual(expect.arrayContaining(["/login", "/logout", "/admin/news"]));
    for (const url of [...withAction, "/api/auth/sign-in/email", "/api/auth/sign-out", "/api/auth/request-password-reset"]) {
      const response = await fetch(`${server.url}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: "email=a%40b.org&password=x",
      });
      expect(response.status, url).toBe(403);
    }
    const tried = withAction.length + 3;
    console.log(`cross-site writes: ${tried} state-changing endpoints replayed with a foreign Origin, ${tried} refused (403)`);
  });
});

describe("headers", () => {
  it("sends the security headers; a public page's inline scripts and styles are allowed by hash, nothing else", async () => {
    // Every page of the public page registry: a new public page is checked the day it is added.
    const pages = publicPageAddresses();
    for (const url of pages) {
      const first = await fetch(`${server.url}${url}`);
      const second = await fetch(`${server.url}${url}`);
      const csp = first.headers.get("content-security-policy") ?? "";
      for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"]) {
        expect(csp, url).toContain(directive);
      }
      expect(csp, url).not.toContain("unsafe-inline");
      expect(csp, url).not.toContain("unsafe-eval");
      expect(csp, url).not.toContain("nonce-");
      // The same page version: the same policy and the same bytes for every visitor (issue 13).
      expect(second.headers.get("content-security-policy"), url).toBe(csp);
      const html = await first.text();
      expect(await second.text(), url).toBe(html);
      expect(html, url).not.toContain("nonce=");
      // Hashed here on their own (not with the server's parser): every inline script and style is in the policy,
      // and the policy allows nothing else.
      const hash = (code: string) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;
      const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => hash(m[1] ?? ""));
      const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => hash(m[1] ?? ""));
      expect(scripts.length, url).toBeGreaterThan(0);
      expect(html, url).toContain('<style id="site-css">');
      const sources = (name: string) => csp.split(";").find((d) => d.startsWith(`${name} `))?.split(" ").slice(1) ?? [];
      expect(new Set(sources("script-src")), url).toEqual(new Set(["'self'", ...scripts]));
      expect(new Set(sources("style-src")), url).toEqual(new Set(["'self'", ...styles]));
      expect(html, url).not.toMatch(/<link[^>]*rel="stylesheet"/);
      expect(html, url).not.toMatch(/\sstyle="/);
      expect(first.headers.get("x-content-type-options")).toBe("nosniff");
      expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(first.headers.get("permissions-policy")).toContain("camera=()");
      expect(first.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(first.headers.get("strict-transport-security")).toBeNull();
    }
    console.log(`headers: ${pages.length} public pages, each inline script and style allowed by its hash: ${pages.join(" ")}`);
  });

  it("gives a page that is not cached (sign-in) a new nonce per response, on every inline script and style", async () => {
    const first = await fetch(`${server.url}/login`);
    const second = await fetch(`${server.url}/login`);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce!);
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    const styles = [...html.matchAll(/<style([^>]*)>/g)].map((m) => m[1] ?? "");
    for (const attributes of styles) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("sends them on static files and errors too", async () => {
    for (const url of ["/favicon.png", "/no-such-page", "/healthz"]) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(response.headers.get("content-security-policy"), url).toContain("frame-ancestors 'none'");
    }
  });
});

describe("on https", () => {
  it("adds HSTS and __Host- session cookies that are Secure, HttpOnly and SameSite", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shoreline-https-"));
    dirs.push(dir);
    const secure = await startServer({ DATA_DIR: dir, PUBLIC_URL: "https://lake.example.org", TRUST_PROXY: "true", ADMIN_EMAIL: "chair@example.org", ADMIN_PASSWORD: "chair-password" });
    try {
      const home = await fetch(secure.url);
      expect(home.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      // As behind the site's TLS-terminating reverse proxy (fetch may not set Host, so plain http.request).
      const body = new URLSearchParams({ email: "chair@example.org", password: "chair-password", intent: "login" }).toString();
      const signIn = await new Promise<{ status: number; cookies: string[] }>((resolve, reject) => {
        const req = request(`${secure.url}/login`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://lake.example.org", Host: "lake.example.org", "X-Forwarded-Proto": "https" },
        }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, cookies: res.headers["set-cookie"] ?? [] });
        });
        req.on("error", reject);
        req.end(body);
      });
      expect(signIn.status).toBe(302);
      const cookie = signIn.cookies.find((c) => c.includes("session_token"));
      expect(cookie).toMatch(/^__Host-shoreline\.session_token=/);
      expect(cookie).toContain("Secure");
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).toContain("Path=/");
      expect(cookie).not.toMatch(/Domain=/i);
    } finally {
      await secure.stop();
    }
  });
});
