import { data } from "react-router";
import type { Route } from "./+types/monitoring-site";
import { getSiteByIdentifier } from "#app/beach/data/sites.server.ts";
import { listParameters } from "#app/beach/data/parameters.server.ts";
import { getLatestProfile, listChartSeries, listParametersWithResults, listSummerMeans } from "#app/beach/data/open-water.server.ts";
import {
  formatP,
  formatResult,
  formatSlope,
  monthLabel,
  profileRows,
  summerRows,
  tooFewYearsText,
  trendLines,
  TSI_PARAMETERS,
  type ReportParameter,
  type SummerRow,
} from "#app/beach/open-water-report.ts";
import { MIN_TREND_YEARS } from "#app/beach/trend.ts";
import { SURFACE_MAX_DEPTH } from "#app/beach/summer.ts";
import { SeriesChart } from "#app/beach/SeriesChart.tsx";
import { decimalYear } from "#app/beach/series-chart.ts";
import { getServices } from "#app/web/context.server.ts";
import { shortDate, formatNumber } from "#app/platform/text/format.ts";
import { useLiveUpdates } from "#app/platform/http/live-updates.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { siteDatasetJsonLd, siteFiles } from "#app/beach/lake-json-ld.ts";
import { addJsonLd } from "#app/platform/http/head-extras.server.ts";

/** The same page for every visitor: the public page cache may keep it (the "measurements" topic covers sites too). */
export const handle = CACHEABLE_PAGE;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.site.name ?? "Site";
  return pageMeta(matches, name, `${name}: results over the years, summer means, Carlson's Trophic State Index, profiles by depth and trends.`);
}

/** What the page calls a site's kind. */
const KIND_LABEL: Record<string, string> = { beach: "Beach", station: "Open-water station" };

/**
 * Any site by its identifier (404 for an unknown one): its parameters with results, each charted over the years,
 * the latest temperature and oxygen profile, each summer's means with Carlson's indices, and each parameter's trend.
 * Everything is aggregated in SQL (app/beach/data/open-water.server.ts) and worded here once (open-water-report.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const site = await getSiteByIdentifier(db, params.identifier);
  if (!site) throw data(null, { status: 404, statusText: "Not Found" });
  const [catalogue, details] = await Promise.all([listParameters(db), getAssociationDetails(db)]);
  const ids = await listParametersWithResults(db, site.id, catalogue.map((p) => p.id));
  const present = catalogue.filter((p) => ids.includes(p.id));
  const parameters: ReportParameter[] = present.map((p) => ({ id: p.id, name: p.name, unitLabel: p.unitLabel }));
  const profileIds = present.filter((p) => p.depthProfile).map((p) => p.id);
  const [means, profile, series] = await Promise.all([
    listSummerMeans(db, site.id, ids),
    getLatestProfile(db, site.id, profileIds),
    listChartSeries(db, site.id, ids),
  ]);
  const profileParameters = parameters.filter((p) => profile?.results.some((r) => r.parameterId === p.id));
  // The span of the charts' periods (sample dates, or months for a long series): the dataset's temporal coverage.
  const periods = [...series.values()].flatMap((s) => (s.points.length ? [s.points[0]!.period, s.points.at(-1)!.period] : [])).sort();
  const latitude = site.latitude === null ? null : Number(site.latitude);
  const longitude = site.longitude === null ? null : Number(site.longitude);
  // Its results as a Dataset with its own files (issue 27 point 7; the lake's Dataset on /the-lake names it), in the
  // head the server writes.
  if (present.length > 0) {
    addJsonLd(
      context,
      siteDatasetJsonLd({
        publicUrl: config.publicUrl,
        associationName: details.name,
        site: { identifier: site.identifier, name: site.name, kind: site.kind, latitude, longitude },
        parameters: present,
        dateRange: periods.length ? { from: periods[0]!, to: periods.at(-1)! } : null,
      }),
    );
  }
  return {
    files: present.length > 0 ? siteFiles(site.identifier) : null,
    site: { name: site.name, kind: KIND_LABEL[site.kind] ?? site.kind, identifier: site.identifier, latitude: site.latitude, longitude: site.longitude },
    parameters,
    // Each parameter's points once: the chart's are made from the table's rows as the page renders.
    charts: parameters.flatMap((parameter) => {
      const s = series.get(parameter.id);
      return s ? [{ parameter, by: s.by, rows: s.points }] : [];
    }),
    summers: summerRows(means),
    tsiParameters: parameters.filter((p) => (TSI_PARAMETERS as readonly string[]).includes(p.id)),
    trends: trendLines(parameters, means),
    profile: profile && {
      date: profile.date,
      parameters: profileParameters,
      rows: profileRows(profile.results),
      charts: profileParameters.map((parameter) => ({
        parameter,
        chart: {
          kind: "profile" as const,
          label: `${parameter.name} (${parameter.unitLabel})`,
          points: profile.results.filter((r) => r.parameterId === parameter.id).map((r) => ({ x: r.depth, y: r.value })),
        },
      })),
    },
  };
}

/** An index with one decimal, so that 49.8 (mesotrophic) is not written as the 50 where eutrophy starts. */
const tsi = (value: number | null) => (value === null ? "–" : formatNumber(value, 1));

/**
 * A table of summer means, one row per summer that has a mean of one of `parameters` (newest first), and with
 * `withTsi` Carlson's three indices and the trophic class; it scrolls inside its box on a narrow screen.
 */
function SummerTable({ id, caption, parameters, summers, withTsi }: { id: string; caption: string; parameters: ReportParameter[]; summers: SummerRow[]; withTsi: boolean }) {
  const rows = summers.filter((s) => parameters.some((p) => s.means[p.id] !== undefined));
  return (
    <div className="wide-table" tabIndex={0} role="region" aria-labelledby={id}>
      <table>
        <caption id={id} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Summer</th>
            {parameters.map((p) => (
              <th scope="col" className="num" key={p.id}>
                {p.name} ({p.unitLabel})
              </th>
            ))}
            {withTsi && (
              <>
                <th scope="col" className="num">
                  TSI (SD)
                </th>
                <th scope="col" className="num">
                  TSI (TP)
                </th>
                <th scope="col" className="num">
                  TSI (CHL)
                </th>
                <th scope="col">Trophic class</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.year}>
              <th scope="row">{s.year}</th>
              {parameters.map((p) => (
                <td className="num" key={p.id}>
                  {s.means[p.id] === undefined ? "–" : formatResult(s.means[p.id]!)}
                </td>
              ))}
              {withTsi && (
                <>
                  <td className="num">{tsi(s.trophic.secchi)}</td>
                  <td className="num">{tsi(s.trophic.phosphorus)}</td>
                  <td className="num">{tsi(s.trophic.chlorophyll)}</td>
                  <td>{s.trophic.trophicClass ?? "–"}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function SitePage({ loaderData }: Route.ComponentProps) {
  const { site, parameters, charts, summers, tsiParameters, trends, profile } = loaderData;
  useLiveUpdates(["measurements"]);
  const mostYears = Math.max(0, ...trends.map((t) => t.years));
  const otherParameters = parameters.filter((p) => !tsiParameters.some((t) => t.id === p.id));
  return (
    <div className="page">
      <h1>{site.name}</h1>
      <p className="muted">
        {site.kind} · site identifier {site.identifier}
        {site.latitude !== null && site.longitude !== null && ` · ${site.latitude}, ${site.longitude} (WGS 84)`}
      </p>
      <p>
        <a href="/the-lake">Back to The Lake</a>
      </p>
      {parameters.length === 0 && <p className="empty">No results yet.</p>}

      {summers.length > 0 && (
        <section aria-labelledby="summers">
          <h2 id="summers">Summer means and trophic state</h2>
          <p>
            Each summer's mean of the results from June 1 to September 30 at the surface (to {SURFACE_MAX_DEPTH} m)
            {tsiParameters.length > 0 && (
              <>
                , with Carlson's Trophic State Index (TSI) from Secchi depth, total phosphorus and chlorophyll-a: below 40 oligotrophic (clear, few
                algae), 40 to 50 mesotrophic, 50 to 70 eutrophic, 70 and above hypereutrophic. The class is read from chlorophyll-a, else Secchi
                depth, else phosphorus
              </>
            )}
            .
          </p>
          {tsiParameters.length > 0 && (
            <SummerTable id="trophic-caption" caption="Trophic state by summer, newest first" parameters={tsiParameters} summers={summers} withTsi />
          )}
          {otherParameters.length > 0 && (
            <SummerTable
              id="means-caption"
              caption={tsiParameters.length > 0 ? "Summer means of the other parameters, newest first" : "Summer means, newest first"}
              parameters={otherParameters}
              summers={summers}
              withTsi={false}
            />
          )}
        </section>
      )}

      {trends.length > 0 && (
        <section aria-labelledby="trends">
          <h2 id="trends">Trends</h2>
          {mostYears < MIN_TREND_YEARS ? (
            <p>{tooFewYearsText(mostYears)}</p>
          ) : (
            <>
              <p>
                The Mann-Kendall test on each summer's mean, with Sen's slope (the median change per year); a trend is significant when p is below
                0.05.
              </p>
              <ul className="trend-list">
                {trends.map((t) => (
                  <li key={t.parameter.id}>
                    <strong>{t.parameter.name}:</strong>{" "}
                    {t.kind === "too-few" ? (
                      tooFewYearsText(t.years)
                    ) : (
                      <>
                        {t.words}. Sen's slope {formatSlope(t.slope)} {t.parameter.unitLabel} per year, p = {formatP(t.test.p)} ({t.years} summers).
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}

      {profile && (
        <section aria-labelledby="profile">
          <h2 id="profile">Profile by depth</h2>
          <p>
            The latest profile, <time dateTime={profile.date}>{shortDate(profile.date)}</time>: {profile.parameters.map((p) => p.name.toLowerCase()).join(" and ")} from the
            surface down.
          </p>
          <div className="grid two">
            {profile.charts.map((c) => (
              <div key={c.parameter.id}>
                <h3 className="muted">{c.parameter.name}</h3>
                <SeriesChart chart={c.chart} />
              </div>
            ))}
          </div>
          <table>
            <caption className="visually-hidden">The latest profile by depth, {shortDate(profile.date)}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Depth (m)
                </th>
                {profile.parameters.map((p) => (
                  <th scope="col" className="num" key={p.id}>
                    {p.name} ({p.unitLabel})
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {profile.rows.map((row) => (
                <tr key={row.depth}>
                  <th scope="row" className="num">
                    {formatResult(row.depth)}
                  </th>
                  {profile.parameters.map((p) => (
                    <td className="num" key={p.id}>
                      {row.values[p.id] === undefined ? "–" : formatResult(row.values[p.id]!)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {charts.length > 0 && (
        <section aria-labelledby="over-the-years">
          <h2 id="over-the-years">Over the years</h2>
          {charts.map((c) => (
            <div key={c.parameter.id}>
              <h3 className="spaced">
                {c.parameter.name} ({c.parameter.unitLabel})
              </h3>
              <SeriesChart chart={{ kind: "years", label: `${c.parameter.name} (${c.parameter.unitLabel})`, points: c.rows.map((r) => ({ x: decimalYear(r.period), y: r.value })) }} />
              <details>
                <summary>{c.parameter.name} as a table</summary>
                <div className="details-body">
                  <table>
                    <caption className="visually-hidden">
                      {c.parameter.name}, {c.by === "month" ? "the mean of each month" : "the mean of each sample date"}, at the surface, newest first
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{c.by === "month" ? "Month" : "Sample date"}</th>
                        <th scope="col" className="num">
                          {c.parameter.name} ({c.parameter.unitLabel})
                        </th>
                        <th scope="col" className="num">
                          Results
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {[...c.rows].reverse().map((r) => (
                        <tr key={r.period}>
                          <td>{c.by === "month" ? monthLabel(r.period) : <time dateTime={r.period}>{shortDate(r.period)}</time>}</td>
                          <td className="num">{formatResult(r.value)}</td>
                          <td className="num">{r.count}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </div>
          ))}
        </section>
      )}

      {loaderData.files && (
        <section aria-labelledby="open-data">
          <h2 id="open-data">Open data</h2>
          <p>
            Every result at {site.name} is free to reuse, each with its sample date, parameter, unit and the lab's qualifier: as a spreadsheet (
            <a href={loaderData.files.csv}>CSV</a>), as <a href={loaderData.files.json}>JSON</a>, as a feed of new results (
            <a href={loaderData.files.atom} type="application/atom+xml">
              Atom
            </a>
            ) and in the Water Quality Portal's result columns (<a href={loaderData.files.wqx}>WQX CSV</a>).
          </p>
        </section>
      )}
    </div>
  );
}
