/**
 * Open data as a new install serves it (issue 27 point 7), from the production server with the demo content: the
 * JSON-LD of /the-lake read back from the served page (its schema.org types, and every file it lists answering 200
 * with its format), allowed by the Content-Security-Policy both when rendered (nonce) and when served from the page
 * cache (hash); a site name with "</script>" in it stays inside the script; and /data/swimguide.json valid against the
 * official RecML 1.0.1 schema.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/platform/data/db.server.ts";
import { setSiteCoordinates } from "#app/beach/data/sites.server.ts";
import { importMeasurements } from "#app/beach/data/readings.server.ts";
import { rawGet, startServer, type RunningServer } from "../support/server.ts";
import { recmlErrors } from "../support/recml.ts";

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-open-data-"));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: "chair@example.org", ADMIN_PASSWORD: "chair-password" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The `<script type="application/ld+json">` elements of a page: their attributes and raw text. */
function jsonLdScripts(html: string): { attributes: string; text: string }[] {
  return [...html.matchAll(/<script type="application\/ld\+json"([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attributes: m[1]!, text: m[2]! }));
}

/** /the-lake as served; `cookie` with a session token is a request the page cache leaves alone (rendered anew). */
async function theLake(cookie?: string) {
  const response = await rawGet(`${server.url}/the-lake`, { "Accept-Encoding": "identity", ...(cookie ? { Cookie: cookie } : {}) });
  expect(response.status).toBe(200);
  return { html: response.body.toString("utf8"), csp: String(response.headers["content-security-policy"]) };
}

type Node = { "@type": string; [key: string]: unknown };

describe("/the-lake's structured data", () => {
  it("is one JSON-LD document: the lake, the demo beach with its position, and the readings as a Dataset", async () => {
    const [script, ...others] = jsonLdScripts((await theLake()).html);
    expect(others).toEqual([]);
    const doc = JSON.parse(script!.text) as { "@context": string; "@graph": Node[] };
    expect(doc["@context"]).toBe("https://schema.org");
    const types = doc["@graph"].map((n) => n["@type"]);
    expect(types).toEqual(["LakeBodyOfWater", "Beach", "Dataset"]);
    const [lake, beach, dataset] = doc["@graph"];
    expect(lake!.name).toBe("Heron Lake");
    expect(beach).toMatchObject({ name: "Heron Lake Public Beach", identifier: "beach", geo: { "@type": "GeoCoordinates", latitude: 45.9183, longitude: -89.2437 } });
    expect(dataset!.variableMeasured).toEqual([{ "@type": "PropertyValue", name: "E. coli", alternateName: "Escherichia coli", unitText: "CFU per 100 mL" }]);
    expect(dataset!.temporalCoverage).toMatch(/^\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}$/);
  });

  it("lists files that answer 200 with the format it names", async () => {
    const doc = JSON.parse(jsonLdScripts((await theLake()).html)[0]!.text) as { "@graph": Node[] };
    const files = doc["@graph"].find((n) => n["@type"] === "Dataset")!.distribution as { "@type": string; encodingFormat: string; contentUrl: string }[];
    // The lake-wide files (every result in WQX columns, Swim Guide's, the beach's E. coli three); each site's own are on
    // its page.
    expect(files.length).toBe(5);
    for (const file of files) {
      expect(file["@type"]).toBe("DataDownload");
      const response = await fetch(`${server.url}${new URL(file.contentUrl).pathname}`);
      expect(response.status, file.contentUrl).toBe(200);
      expect(response.headers.get("content-type"), file.contentUrl).toBe(`${file.encodingFormat}; charset=utf-8`);
      await response.arrayBuffer();
    }
  });

  it("is allowed by the policy when rendered (its nonce) and when served from the page cache (its hash)", async () => {
    // A request with a session cookie (here one that names no session) is rendered for it alone, with a nonce.
    const rendered = await theLake("better-auth.session_token=none");
    const [fresh] = jsonLdScripts(rendered.html);
    const nonce = /nonce="([^"]+)"/.exec(fresh!.attributes)?.[1];
    expect(nonce).toBeTruthy();
    expect(rendered.csp).toContain(`'nonce-${nonce}'`);

    // Any other visitor gets the stored copy: no nonce, the script named by its hash.
    const stored = await theLake();
    const [kept] = jsonLdScripts(stored.html);
    expect(kept!.attributes).not.toContain("nonce=");
    const hash = `'sha256-${createHash("sha256").update(kept!.text, "utf8").digest("base64")}'`;
    const scriptSrc = stored.csp.split(";").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc.split(" ")).toContain(hash);
    expect(kept!.text).toBe(fresh!.text);
  });

  it("keeps a site name with </script> in it inside the script, and reads it back", async () => {
    const name = `North </script><script>alert("x")</script> & <!-- Beach`;
    const handle = openDatabase({ dataDir: dir });
    try {
      await handle.db.insertInto("monitoring_site").values({ id: "north", name, kind: "beach", identifier: "NORTH-1", latitude: null, longitude: null, profile: "spec", position: 5, createdAt: 1, updatedAt: 1 }).execute();
      // Through a write of the domain, so the change counters move and the page cache lets go of the page.
      await importMeasurements(handle.db, [{ siteId: "north", date: "2026-06-01", value: 30 }]);
    } finally {
      await handle.close();
    }
    const { html } = await theLake();
    expect(html).not.toContain('<script>alert("x")</script>');
    const scripts = jsonLdScripts(html);
    expect(scripts).toHaveLength(1);
    const doc = JSON.parse(scripts[0]!.text) as { "@graph": Node[] };
    expect(doc["@graph"].find((n) => n.identifier === "NORTH-1")).toMatchObject({ "@type": "Beach", name });
    const parts = doc["@graph"].find((n) => n["@type"] === "Dataset")!.hasPart as { "@id": string }[];
    expect(parts.map((p) => new URL(p["@id"]).pathname)).toContain("/the-lake/sites/NORTH-1");
  });

  it("puts each site's own files on its page: links a reader follows, and a Dataset part of the lake's, every file answering 200", async () => {
    const response = await rawGet(`${server.url}/the-lake/sites/beach`, { "Accept-Encoding": "identity" });
    expect(response.status).toBe(200);
    const html = response.body.toString("utf8");
    const [script, ...others] = jsonLdScripts(html);
    expect(others).toEqual([]);
    const dataset = JSON.parse(script!.text) as Node;
    const lake = JSON.parse(jsonLdScripts((await theLake()).html)[0]!.text) as { "@graph": Node[] };
    const lakeDataset = lake["@graph"].find((n) => n["@type"] === "Dataset")!;
    expect(dataset).toMatchObject({ "@type": "Dataset", isPartOf: { "@id": lakeDataset["@id"] } });
    expect(lakeDataset.hasPart).toContainEqual({ "@id": dataset["@id"] });
    const files = dataset.distribution as { encodingFormat: string; contentUrl: string }[];
    expect(files.map((f) => new URL(f.contentUrl).pathname)).toEqual(["/data/sites/beach/readings.csv", "/data/sites/beach/readings.json", "/data/sites/beach/readings.atom", "/data/sites/beach/results.csv"]);
    const section = /<section aria-labelledby="open-data">[\s\S]*?<\/section>/.exec(html)![0];
    expect([...section.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(files.map((f) => new URL(f.contentUrl).pathname));
    for (const file of files) {
      const answer = await fetch(`${server.url}${new URL(file.contentUrl).pathname}`);
      expect(answer.status, file.contentUrl).toBe(200);
      expect(answer.headers.get("content-type"), file.contentUrl).toBe(`${file.encodingFormat}; charset=utf-8`);
      await answer.arrayBuffer();
    }
  });
});

describe("/data/swimguide.json of a new install", () => {
  it("is valid RecML 1.0.1: the demo beach has a position", async () => {
    const response = await fetch(`${server.url}/data/swimguide.json`);
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(recmlErrors(doc)).toEqual([]);
    expect(doc.records.length).toBeGreaterThanOrEqual(30);
  });
});

describe("/the-lake's open-data sentence", () => {
  /** The paragraph's words, as a reader sees them. */
  const openDataText = (html: string) => /Every reading is free to reuse:[\s\S]*?<\/p>/.exec(html)![0].replace(/<[^>]+>/g, "");

  it("says that Swim Guide reads swimguide.json while it has something to publish, and not once no beach has a position", async () => {
    expect(openDataText((await theLake()).html)).toBe(
      "Every reading is free to reuse: as a spreadsheet (CSV), as JSON, in the Swim Drink Fish open data format that Swim Guide reads (swimguide.json), and as a feed of new readings (Atom). Each reading gives its sample date, its E. coli count in CFU per 100 mL and its status (Open below 235, Caution from 235, Closed above 1000).",
    );
    const handle = openDatabase({ dataDir: dir });
    try {
      await setSiteCoordinates(handle.db, "beach", null);
    } finally {
      await handle.close();
    }
    expect((await fetch(`${server.url}/data/swimguide.json`)).status).toBe(404);
    expect(openDataText((await theLake()).html)).toBe(
      "Every reading is free to reuse: as a spreadsheet (CSV), as JSON, and as a feed of new readings (Atom). Each reading gives its sample date, its E. coli count in CFU per 100 mL and its status (Open below 235, Caution from 235, Closed above 1000).",
    );
  });
});
