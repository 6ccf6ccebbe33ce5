/**
 * What the public pages show of the sites (issue 27): the home page's status of each beach, and /the-lake's section
 * per site after the first beach's (a beach: its status as the first beach's, and a link to its own page with its
 * readings and charts; a station: its latest result per parameter and a link to its page). The Lake stays an
 * overview whatever the number of sites: each site's charts and tables are on `/the-lake/sites/<identifier>`. With one beach there is nothing more to show, and
 * the pages read as before. A handful of statements whatever the number of sites and results.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { formatNumber } from "#app/platform/text/format.ts";
import { siteAnchor } from "./alerts.server.ts";
import { listParameters } from "./data/parameters.server.ts";
import { listLatestResults, resultsKey } from "./data/readings.server.ts";
import { listSites } from "./data/sites.server.ts";
import { resultText } from "./results.ts";
import { readSiteStates, toSample } from "./site-state.server.ts";
import type { SiteState } from "./site-state.ts";
import { thirtyDayGeometricMean, type WindowMean } from "./status.ts";

/** A beach's summary on the home page: its name, its state, and the id of its section on /the-lake. */
export interface BeachSummary {
  name: string;
  anchor: string;
  state: SiteState;
}

/** A beach's section on /the-lake after the first. */
export interface BeachSection {
  kind: "beach";
  id: string;
  name: string;
  /** The WQX identifier: the beach's own page is `/the-lake/sites/<identifier>`. */
  identifier: string;
  anchor: string;
  state: SiteState;
  geometricMean: WindowMean | null;
}

/** The first beach's section on /the-lake (the spec's): its state, its latest E. coli readings and their 30-day mean. */
export interface FirstBeachSection {
  state: SiteState;
  /** The latest E. coli readings, oldest first (the chart and the table). */
  readings: { id: string; date: string; value: number }[];
  geometricMean: WindowMean | null;
}

/** A station's section on /the-lake: its latest result of each parameter measured there. */
export interface StationSection {
  kind: "station";
  id: string;
  name: string;
  identifier: string;
  anchor: string;
  results: { parameter: string; result: string; unit: string; date: string; depth: number | null }[];
}

/**
 * The home page's beaches: the first beach's state (decided by `siteState`, its summary as before issue 27), and
 * every beach's line in the board's order when there are several (an empty list with one).
 * @param now ms since epoch
 */
export async function loadBeachSummaries(db: Database, now = Date.now()): Promise<{ first: SiteState | null; beaches: BeachSummary[] }> {
  const beaches = (await listSites(db)).filter((s) => s.kind === "beach");
  const states = await readSiteStates(db, beaches, now);
  const first = beaches[0] ? (states.get(beaches[0].id)?.state ?? null) : null;
  return { first, beaches: beaches.length < 2 ? [] : beaches.map((b, i) => ({ name: b.name, anchor: siteAnchor(b, i === 0), state: states.get(b.id)!.state })) };
}

/**
 * /the-lake's sites: the first beach's section (the page's own, as before issue 27: the status decided by
 * `siteState`, the latest readings and their 30-day geometric mean, from the same reads) and a section for each
 * other site.
 * @returns `first` null when there is no beach; `sections` empty with only the first beach
 */
export async function loadSiteSections(db: Database, now = Date.now()): Promise<{ first: FirstBeachSection | null; sections: (BeachSection | StationSection)[] }> {
  const sites = await listSites(db);
  const beaches = sites.filter((s) => s.kind === "beach");
  const stations = sites.filter((s) => s.kind === "station");
  const firstBeach = beaches[0];
  const [states, parameters] = await Promise.all([readSiteStates(db, beaches, now, { windows: true, chartOf: firstBeach?.id }), stations.length > 0 ? listParameters(db) : []]);
  const latest = await listLatestResults(
    db,
    stations.flatMap((s) => parameters.map((p) => ({ siteId: s.id, parameterId: p.id, limit: 1 }))),
  );
  const sections: (BeachSection | StationSection)[] = [];
  for (const site of sites) {
    if (site.id === firstBeach?.id) continue;
    if (site.kind === "beach") {
      const found = states.get(site.id)!;
      sections.push({
        kind: "beach",
        id: site.id,
        name: site.name,
        identifier: site.identifier,
        anchor: siteAnchor(site, false),
        state: found.state,
        geometricMean: thirtyDayGeometricMean(found.window.map((r) => ({ date: r.date, value: Number(r.value) }))),
      });
    } else {
      const results = parameters.flatMap((p) => {
        const r = latest.get(resultsKey({ siteId: site.id, parameterId: p.id }))?.at(-1);
        if (!r) return [];
        return [{ parameter: p.name, result: resultText(toSample(r), (n) => formatNumber(n, 2)), unit: p.unitLabel, date: r.date, depth: r.depth === null ? null : Number(r.depth) }];
      });
      sections.push({ kind: "station", id: site.id, name: site.name, identifier: site.identifier, anchor: siteAnchor(site, false), results });
    }
  }
  const found = firstBeach ? states.get(firstBeach.id) : undefined;
  const first = found
    ? {
        state: found.state,
        readings: found.latest.map((r) => ({ id: r.id, date: r.date, value: Number(r.value) })),
        geometricMean: thirtyDayGeometricMean(found.window.map((r) => ({ date: r.date, value: Number(r.value) }))),
      }
    : null;
  return { first, sections };
}
