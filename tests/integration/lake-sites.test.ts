/**
 * The lake's sites and catalogue (issue 27, points 1, 2 and 8), on both back ends: the board's writes to sites and
 * parameters, the beach name kept one between Settings and the first beach, a site removed with its results, the
 * last beach kept, the latest results of many sites read at once. Then on a running server: the lake outline uploaded on the Sites screen (refused with a clear
 * message for bad input, accepted for a real outline) and /the-lake drawing it with two sites, beside their table,
 * in the page's HTML.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addSite, getFirstBeach, getSite, listSites, moveSite, removeSite, SiteRefused, updateSite, type SiteWrite } from "#app/beach/data/sites.server.ts";
import { addParameter, getParameter, ParameterRefused, removeParameter, updateParameter } from "#app/beach/data/parameters.server.ts";
import { addMeasurement, listLatestResults, resultsKey } from "#app/beach/data/readings.server.ts";
import { getLakeOutline, saveLakeOutline } from "#app/beach/data/lake-outline.server.ts";
import { getAssociationDetails, saveAssociationDetails } from "#app/site/data/association.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
import { readingsSince } from "../support/sites.ts";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";

const STATION: SiteWrite = { name: "Deep hole", kind: "station", identifier: "", latitude: 43.6, longitude: -77.8, profile: "spec" };
const NOW = Date.parse("2026-07-01T12:00:00Z");

describe.each(backends)("sites and parameters on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("adds, moves and removes sites; the first beach's name and Settings' beach name stay one", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { db } = database;
    const station = await addSite(db, STATION, "DEEP-HOLE", NOW);
    expect(station).toMatchObject({ identifier: "DEEP-HOLE", position: 1 });
    // The same name suggests the same identifier: the next is numbered; one typed that another site has is refused.
    expect((await addSite(db, STATION, "DEEP-HOLE", NOW)).identifier).toBe("DEEP-HOLE-2");
    await expect(addSite(db, { ...STATION, identifier: "DEEP-HOLE" }, "X", NOW)).rejects.toThrow(SiteRefused);

    // Settings' beach name renames the first beach; the Sites screen's rename is Settings' beach name.
    await saveAssociationDetails(db, { beachName: "Sandbanks Beach" }, "test", NOW);
    expect((await getFirstBeach(db))?.name).toBe("Sandbanks Beach");
    await updateSite(db, "beach", { name: "Outlet Beach", kind: "beach", identifier: "beach", latitude: 43.91, longitude: -77.25, profile: "spec" }, "OUTLET-BEACH", NOW);
    expect((await getAssociationDetails(db)).beachName).toBe("Outlet Beach");

    // A second beach moved above the first becomes the first beach, and the beach name follows.
    const north = await addSite(db, { ...STATION, name: "North Beach", kind: "beach" }, "NORTH-BEACH", NOW);
    for (let i = 0; i < 3; i++) await moveSite(db, north.id, "up", NOW);
    expect((await listSites(db)).map((s) => s.name)).toEqual(["North Beach", "Outlet Beach", "Deep hole", "Deep hole"]);
    expect((await getAssociationDetails(db)).beachName).toBe("North Beach");

    // Removing a site removes its results, and says how many; the last beach stays.
    await addMeasurement(db, { date: "2026-06-30", value: 10, siteId: north.id }, NOW);
    await addMeasurement(db, { date: "2026-06-29", value: 20, siteId: north.id }, NOW);
    await addMeasurement(db, { date: "2026-06-29", value: 30, siteId: "beach" }, NOW);
    expect(await removeSite(db, north.id)).toBe(2);
    expect(await getSite(db, north.id)).toBeUndefined();
    expect((await db.selectFrom("measurement").select("value").execute()).map((r) => Number(r.value))).toEqual([30]);
    expect((await getAssociationDetails(db)).beachName).toBe("Outlet Beach");
    await expect(removeSite(db, "beach")).rejects.toThrow("The lake's only beach cannot be removed: add another beach first");
    await expect(updateSite(db, "beach", { ...STATION, kind: "station", identifier: "beach" }, "X", NOW)).rejects.toThrow(SiteRefused);
    expect(await removeSite(db, "no-such-site")).toBeNull();
  });

  it("adds the board's own parameter; the catalogue's own cannot be changed, nor one with results removed", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { db } = database;
    const turbidity = { name: "Turbidity", characteristicName: "Turbidity", unitCode: "NTU", unitLabel: "NTU", depthProfile: false, minValue: 0, maxValue: 4000 };
    const added = await addParameter(db, turbidity);
    expect(added).toMatchObject({ id: "turbidity", builtin: false, unitAliases: ["ntu"], position: 10 });
    await expect(addParameter(db, { ...turbidity, characteristicName: "Other" })).rejects.toThrow("The catalogue already has Turbidity");
    await expect(addParameter(db, { ...turbidity, name: "Nephelometry" })).rejects.toThrow("Turbidity already has the characteristic name Turbidity");
    await expect(updateParameter(db, "ecoli", turbidity)).rejects.toThrow(ParameterRefused);
    await expect(removeParameter(db, "secchi")).rejects.toThrow("The catalogue's own parameters cannot be removed");
    expect(await updateParameter(db, "turbidity", { ...turbidity, maxValue: 1000, depthProfile: true })).toBe(true);
    expect(await getParameter(db, "turbidity")).toMatchObject({ maxValue: 1000, depthProfile: true });

    await addMeasurement(db, { date: "2026-06-30", value: 12, parameterId: "turbidity", siteId: "beach" }, NOW);
    await expect(removeParameter(db, "turbidity")).rejects.toThrow("It has 1 results: delete them first");
    await db.deleteFrom("measurement").where("parameterId", "=", "turbidity").execute();
    expect(await removeParameter(db, "turbidity")).toBe(true);
    expect(await getParameter(db, "turbidity")).toBeUndefined();
  });

  it("reads a geometric mean's window from its first date in the time zones furthest east and west", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { db } = database;
    // A result's timestamp is its date's noon in the association's time zone: the window's index bound must not
    // cut off its first day at UTC+14 nor let in the day before at UTC-11.
    for (const timeZone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      await saveAssociationDetails(db, { timeZone }, "test", NOW);
      const site = await addSite(db, { ...STATION, name: `Beach ${timeZone}`, kind: "beach" }, "", NOW);
      for (const [date, value] of [["2026-06-30", 1], ["2026-07-01", 2], ["2026-07-02", 3]] as const) await addMeasurement(db, { date, value, siteId: site.id }, NOW + 7 * 86_400_000);
      expect((await readingsSince(db, "2026-07-01", site.id)).map((m) => [m.date, Number(m.value)])).toEqual([["2026-07-01", 2], ["2026-07-02", 3]]);
    }
  });

  it("reads the latest result of many sites and parameters at once, the latest added winning a tie, beside longer reads", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { db } = database;
    const station = await addSite(db, STATION, "", NOW);
    const add = (siteId: string, parameterId: string, date: string, value: number, at: number) => addMeasurement(db, { date, value, siteId, parameterId }, at);
    await add(station.id, "secchi", "2026-06-01", 2.5, NOW);
    await add(station.id, "secchi", "2026-06-20", 3.1, NOW);
    // Two results of one day: the one added last is the latest.
    await add(station.id, "phosphorus", "2026-06-20", 12, NOW);
    await add(station.id, "phosphorus", "2026-06-20", 14, NOW + 1000);
    for (const [date, value] of [["2026-06-28", 40], ["2026-06-29", 50], ["2026-06-30", 60]] as const) await add("beach", "ecoli", date, value, NOW);
    const wants = [
      { siteId: station.id, parameterId: "secchi", limit: 1 },
      { siteId: station.id, parameterId: "phosphorus", limit: 1 },
      // None measured: an empty list.
      { siteId: station.id, parameterId: "chlorophyll", limit: 1 },
      { siteId: "beach", parameterId: "ecoli", limit: 2 },
      { siteId: "beach", parameterId: "secchi", limit: 1 },
    ];
    const found = await listLatestResults(db, wants);
    const values = (siteId: string, parameterId: string) => found.get(resultsKey({ siteId, parameterId }))!.map((m) => [m.date, Number(m.value)]);
    expect(values(station.id, "secchi")).toEqual([["2026-06-20", 3.1]]);
    expect(values(station.id, "phosphorus")).toEqual([["2026-06-20", 14]]);
    expect(values(station.id, "chlorophyll")).toEqual([]);
    expect(values("beach", "ecoli")).toEqual([["2026-06-29", 50], ["2026-06-30", 60]]);
    expect(values("beach", "secchi")).toEqual([]);
  });

  it("keeps the lake's outline as a setting", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { db } = database;
    expect(await getLakeOutline(db)).toBeNull();
    const outline = { polygons: [[[[-77, 43], [-76, 43], [-76, 44], [-77, 43]] as [number, number][]]] };
    await saveLakeOutline(db, outline);
    expect(await getLakeOutline(db)).toEqual(outline);
    await saveLakeOutline(db, null);
    expect(await getLakeOutline(db)).toBeNull();
  });
});

describe("the map of the sites on /the-lake", () => {
  const ADMIN = { email: "lake-sites@example.org", password: "a long enough password" };
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-lake-sites-"));
  const ONTARIO = readFileSync(path.resolve(import.meta.dirname, "../fixtures/lake-outline/lake-ontario.geojson"));
  let server: RunningServer;
  let cookie = "";

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (body: FormData | URLSearchParams) =>
    fetch(`${server.url}/admin/sites`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: cookie }, body });
  const upload = (bytes: Uint8Array | string, name = "lake.geojson") => {
    const form = new FormData();
    form.append("intent", "outline");
    form.append("outline", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/geo+json" }));
    return post(form);
  };
  const lake = async () => {
    const response = await fetch(`${server.url}/the-lake`);
    expect(response.status).toBe(200);
    return response.text();
  };

  it("shows no map while no site has coordinates and there is no outline (the page reads as before)", async () => {
    // The demo beach has a position (for Swim Guide): an older install's beach has none.
    const unplaced = new URLSearchParams({ id: "beach", name: "Heron Lake Public Beach", kind: "beach", identifier: "beach", latitude: "", longitude: "", profile: "spec" });
    expect((await post(unplaced)).status).toBe(302);
    // The Sites screen says why the beach is no longer in Swim Guide's file.
    const screen = await (await fetch(`${server.url}/admin/sites`, { headers: { Cookie: cookie } })).text();
    expect(screen).toContain("lists only beaches with coordinates: add the latitude and longitude of Heron Lake Public Beach (Edit) to publish it there.");
    const html = await lake();
    expect(html).not.toContain("Where we sample");
    expect(html).not.toContain("/the-lake/map.svg");
    expect((await fetch(`${server.url}/the-lake/map.svg`)).status).toBe(404);
    // Nor with one beach placed and no outline: one dot on a blank box is no map (the demo's page reads as before).
    const placed = new URLSearchParams({ id: "beach", name: "Heron Lake Public Beach", kind: "beach", identifier: "beach", latitude: "45.9183", longitude: "-89.2437", profile: "spec" });
    expect((await post(placed)).status).toBe(302);
    expect(await lake()).not.toContain("Where we sample");
    expect((await post(unplaced)).status).toBe(302);
  });

  it("refuses an outline that is not one, with a clear message, and keeps none", async () => {
    const point = await upload(JSON.stringify({ type: "Point", coordinates: [-77, 43] }));
    expect(point.status).toBe(400);
    expect(await point.text()).toContain("That file is not a lake outline: GeoJSON of type Polygon, MultiPolygon, Feature or FeatureCollection is needed, not Point.");
    const broken = await upload("{ not json");
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("That file is not GeoJSON: it is not valid JSON.");
    const none = new FormData();
    none.append("intent", "outline");
    expect((await post(none)).status).toBe(400);
    const tooLarge = await upload(new Uint8Array(2 * 1024 * 1024 + 10).fill(32));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("That file is too large: outlines of up to 2 MB are accepted.");
    expect(await lake()).not.toContain("Where we sample");
  });

  it("draws the uploaded outline with two sites, and lists them beside it", async () => {
    expect((await upload(ONTARIO, "lake-ontario.geojson")).status).toBe(302);
    const addSiteForm = (fields: Record<string, string>) => post(new URLSearchParams(fields));
    expect((await addSiteForm({ name: "Mid-lake station", kind: "station", identifier: "", latitude: "43.6", longitude: "-77.8", profile: "spec" })).status).toBe(302);
    const screen = await (await fetch(`${server.url}/admin/sites`, { headers: { Cookie: cookie } })).text();
    expect(screen).toContain("MID-LAKE-STATION");
    expect(screen).toContain("The Lake page draws the outline you uploaded (1 polygon, 17 points)");
    // The first beach gets coordinates through its edit form (the Sites screen's update).
    const first = new URLSearchParams({ id: "beach", name: "Sandbanks Beach", kind: "beach", identifier: "beach", latitude: "43.91", longitude: "-77.25", profile: "spec" });
    expect((await post(first)).status).toBe(302);

    const html = await lake();
    expect(html).toContain('<h2 id="lake-map-heading">Where we sample</h2>');
    // The drawing is an image of its own, named by its version; its text alternative names every site.
    const image = /<img src="(\/the-lake\/map\.svg\?v=[0-9a-f]{16})" width="400" height="\d+" alt="([^"]*)"/.exec(html);
    expect(image, "the map's image").not.toBeNull();
    expect(image![2]).toBe("Map of the lake&#x27;s sampling sites. The lake&#x27;s outline with 2 sites: Sandbanks Beach (beach), Mid-lake station (open-water station). North is up. The table below lists every site.");
    // The page's section carries no drawing: only the image, its key and the table.
    expect(/<section aria-labelledby="lake-map-heading"[\s\S]*?<\/section>/.exec(html)![0]).not.toContain("<path");
    const svg = await fetch(`${server.url}${image![1]}`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(svg.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const drawing = await svg.text();
    expect(drawing).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(drawing).toContain("<title>Map of the lake&#x27;s sampling sites</title>");
    expect(drawing).toMatch(/<path d="M[\d. L]+Z" fill-rule="evenodd"/);
    expect(drawing).toContain("<circle");
    expect(drawing).toContain("<rect x=");
    expect(drawing).toContain(">Mid-lake station</text>");
    // Under another version (an old page's), it is checked again rather than kept.
    expect((await fetch(`${server.url}/the-lake/map.svg?v=0000000000000000`)).headers.get("cache-control")).toBe("no-cache");
    // The table: keyboard and screen readers read the sites there.
    expect(html).toContain('<th scope="row">Sandbanks Beach</th><td>Beach</td><td>43.91° N, 77.25° W</td>');
    expect(html).toContain('<th scope="row">Mid-lake station</th><td>Open-water station</td><td>43.6° N, 77.8° W</td>');
    expect(html.replaceAll("<!-- -->", "")).toContain('<a href="#beach">Status<span class="visually-hidden"> at Sandbanks Beach</span></a>');
    // Nothing is fetched from another site to draw it.
    expect(html).not.toMatch(/tile|openstreetmap\.org\/|googleapis/);
    // The beach name is the first beach's: the beach section says the new name.
    expect(html).toContain("Beach conditions: <!-- -->Sandbanks Beach");
  });

  it("records a lab result as the lab wrote it, with depth and time, and keeps the spec's messages for E. coli", async () => {
    const form = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/beach-measurements`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: cookie }, body: new URLSearchParams(fields) });
    const result = { intent: "add-result", resultSite: "beach", parameterId: "temperature", resultDate: "2001-07-04", resultTime: "06:45", result: "-1.5", depth: "12" };
    expect((await form(result)).status).toBe(302);
    expect((await form({ ...result, parameterId: "microcystins", result: "<10", depth: "", resultTime: "" })).status).toBe(302);
    const screen = await (await fetch(`${server.url}/admin/beach-measurements?q=2001-07-04`, { headers: { Cookie: cookie } })).text();
    expect(screen).toContain("Water temperature (°C) at 12 m, 06:45");
    expect(screen).toContain("&lt;10");
    const refused = await form({ ...result, parameterId: "ecoli", result: "abc", depth: "" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please enter a valid positive number for the measurement value");
    const depthless = await form({ ...result, parameterId: "secchi", result: "2.5" });
    expect(depthless.status).toBe(400);
    expect(await depthless.text()).toContain("Secchi depth has no sample depth: leave the depth empty");
    // The spec's form names a site only from the lake's sites.
    const elsewhere = await form({ intent: "add", siteId: "nowhere", date: "2001-07-04", value: "12" });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain("Choose one of the sites");
  });

  it("removes the outline: the sites stay on a blank map", async () => {
    expect((await post(new URLSearchParams({ intent: "remove-outline" }))).status).toBe(302);
    const html = await lake();
    expect(html).toContain("Where we sample");
    expect(html).toContain("The sites&#x27; positions with 2 sites");
    const src = /<img src="(\/the-lake\/map\.svg\?v=[0-9a-f]{16})"/.exec(html)![1]!;
    expect(await (await fetch(`${server.url}${src}`)).text()).not.toContain("<path");
  });
});

describe("the map's HTML", () => {
  it("escapes what the board typed: a site's name is text, never markup, in the image and in the table", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { LakeMapSvg } = await import("#app/beach/LakeMapView.tsx");
    const { LakeMap } = await import("#app/beach/LakeMap.tsx");
    const name = `<img src=x onerror=alert(1)>"&'`;
    const drawing = { width: 400, height: 200, outline: "", markers: [{ id: "s", name, kind: "station" as const, x: 200, y: 100 }] };
    const svg = renderToStaticMarkup(createElement(LakeMapSvg, { drawing, description: name }));
    const page = renderToStaticMarkup(
      createElement(LakeMap, { map: { src: "/the-lake/map.svg?v=1", width: 400, height: 200, description: name, sites: [{ id: "s", name, kind: "station", coordinates: "", href: "#site-S" }] } }),
    );
    for (const html of [svg, page]) {
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    }
  });
});
