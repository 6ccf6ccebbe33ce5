import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { hydrateAfterFirstPaint, hydrateAfterFirstPaintStream } from "./script-priority.server.ts";

// The shape React Router 8's <Scripts /> writes (node_modules/react-router/dist/production/lib/dom/ssr/components.js).
const HEAD =
  '<html><head><link rel="modulepreload" href="/assets/entry.js" nonce="n"/><link rel="modulepreload" href="/assets/root.js" nonce="n"/><style nonce="n">é</style></head>';
const MODULE =
  '<script nonce="n" type="module" async="">;\nimport * as route0 from "/assets/root.js";\nimport * as route1_clientLoader from "/assets/home-loader.js";\nimport * as route1_main from "/assets/home.js";\nconst route1 = {...route1_clientLoader,...route1_main};\n  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.js");</script>';
const BODY = `<body><p>Héron</p><link rel="modulepreload" href="/in-body.js"/><script nonce="n">window.x = 1;</script>${MODULE}</body></html>`;

describe("hydrateAfterFirstPaint", () => {
  it("takes the module preloads out of the head and imports the route modules after the first paint", async () => {
    const out = hydrateAfterFirstPaint(HEAD + BODY);
    expect(out).not.toMatch(/<head>.*modulepreload.*<\/head>/s);
    expect(out).toContain('<link rel="modulepreload" href="/in-body.js"/>');
    expect(out).not.toMatch(/^\s*import\s/m);
    expect(out).toContain("<p>Héron</p>");
    expect(out).toContain('<script nonce="n">window.x = 1;</script>');
    // The rewritten script runs: nothing is imported or preloaded until a frame has been painted.
    const script = /<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!;
    const imported: string[] = [];
    const preloaded: string[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const window: Record<string, unknown> = {};
    const document = { visibilityState: "visible", head: { append: (l: { href: string }) => preloaded.push(l.href) }, createElement: () => ({}) as { href: string } };
    const importModule = async (url: string) => {
      imported.push(url);
      return { url };
    };
    new Function("window", "document", "requestAnimationFrame", "setTimeout", "__import", script.replaceAll("import(", "__import("))(
      window,
      document,
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
      importModule,
    );
    expect(imported).toEqual([]);
    expect(preloaded).toEqual([]);
    frames.shift()!();
    timers.pop()!(); // the task after the frame (the other timer is the 1 s fallback)
    await new Promise((resolve) => setImmediate(resolve));
    expect(preloaded).toEqual(["/assets/entry.js", "/assets/root.js"]);
    expect(imported).toEqual(["/assets/root.js", "/assets/home-loader.js", "/assets/home.js", "/assets/entry.js"]);
    expect(window.__reactRouterRouteModules).toEqual({ root: { url: "/assets/root.js" }, "routes/home": { url: "/assets/home.js" } });
    // The fallback timer does not hydrate a second time.
    timers.pop()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(imported).toHaveLength(4);
  });

  it("hydrates at once in a hidden tab, which paints no frame", async () => {
    const script = /<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/.exec(hydrateAfterFirstPaint(HEAD + BODY))![1]!;
    const imported: string[] = [];
    const document = { visibilityState: "hidden", head: { append() {} }, createElement: () => ({}) };
    new Function("window", "document", "requestAnimationFrame", "setTimeout", "__import", script.replaceAll("import(", "__import("))(
      {},
      document,
      () => {},
      () => {},
      async (url: string) => imported.push(url),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(imported).toContain("/assets/entry.js");
  });

  it("passes a document without that script through unchanged", () => {
    expect(hydrateAfterFirstPaint(HEAD + "<body><p>x</p></body>")).toBe(HEAD + "<body><p>x</p></body>");
    expect(hydrateAfterFirstPaint("<p>no head here</p>")).toBe("<p>no head here</p>");
  });

  it("keeps characters whose bytes are split between chunks", async () => {
    const whole = Buffer.from(HEAD + BODY, "utf8");
    const chunks: Buffer[] = [];
    for (let i = 0; i < whole.length; i += 7) chunks.push(whole.subarray(i, i + 7));
    expect(await text(Readable.from(chunks).pipe(hydrateAfterFirstPaintStream()))).toBe(hydrateAfterFirstPaint(HEAD + BODY));
  });
});
