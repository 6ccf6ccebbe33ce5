/**
 * /the-lake's sections of the sites after the first beach's (issue 27): each other beach's status, each station's
 * latest results, each with a link to the site's own page of readings and charts. With one beach there is none, and the page reads as before. The home page's line per
 * beach is app/beach/BeachSummaries.tsx (kept apart: the home page loads no chart code). /the-lake renders these on
 * the server to HTML carried once in the page (site-sections-html.server.tsx): they hold no state and no handler.
 */
import type { BeachSection, StationSection } from "./site-sections.server.ts";
import type { SiteState } from "./site-state.ts";
import { BeachStatusBox, GeometricMeanNote, ICON, SiteNotes, StaleWarning } from "./BeachStatusBox.tsx";
import { STATUS_MEANING } from "./status.ts";
import { formatNumber, shortDate } from "#app/platform/text/format.ts";

/** /the-lake's sections after the first beach's: one per other beach and per station, in the board's order. */
export function SiteSections({ sections }: { sections: readonly (BeachSection | StationSection)[] }) {
  return (
    <>
      {sections.map((section) => (section.kind === "beach" ? <OtherBeach key={section.id} section={section} /> : <Station key={section.id} section={section} />))}
    </>
  );
}

/** A beach's section: its status as the first beach's, and a link to its page of readings and charts. */
function OtherBeach({ section }: { section: BeachSection }) {
  const { state, geometricMean } = section;
  return (
    <section aria-labelledby={section.anchor} className="site-section">
      <h2 id={section.anchor}>Beach conditions: {section.name}</h2>
      {state.latest === null ? (
        state.status ? (
          <StatusOnly state={state} />
        ) : (
          <p className="empty">No measurements found</p>
        )
      ) : (
        <>
          <BeachStatusBox state={state} />
          {state.staleWarning && <StaleWarning />}
          {geometricMean && <GeometricMeanNote mean={geometricMean} />}
        </>
      )}
      <p>
        <a href={sitePage(section.identifier)}>Readings and charts for {section.name}</a>
      </p>
    </section>
  );
}

/** A site's own page: its charts and tables over the years (app/routes/public/monitoring-site.tsx). */
function sitePage(identifier: string): string {
  return `/the-lake/sites/${encodeURIComponent(identifier)}`;
}

/** A status without an E. coli reading (a cyanotoxin or a bloom report alone decided it). */
function StatusOnly({ state }: { state: SiteState }) {
  const status = state.status!;
  return (
    <div className="status" data-status={status} role="status">
      <span className="status-label">
        <span className="status-badge" data-status={status}>
          <span aria-hidden="true">{ICON[status]}</span> {status}
        </span>
      </span>
      <p>{STATUS_MEANING[status]}</p>
      <SiteNotes state={state} />
    </div>
  );
}

/** A station's section: its latest result of each parameter, and a link to its open-water page. */
function Station({ section }: { section: StationSection }) {
  return (
    <section aria-labelledby={section.anchor} className="site-section">
      <h2 id={section.anchor}>Open water: {section.name}</h2>
      {section.results.length === 0 ? (
        <p className="empty">No measurements found</p>
      ) : (
        <table>
            <caption className="visually-hidden">The latest result of each parameter at {section.name}</caption>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col" className="num">
                  Latest result
                </th>
                <th scope="col">Sample date</th>
              </tr>
            </thead>
            <tbody>
              {section.results.map((r) => (
                <tr key={r.parameter}>
                  <th scope="row">{r.parameter}</th>
                  <td className="num">
                    {r.result} {r.unit}
                    {r.depth !== null && <> at {formatNumber(r.depth, 1)} m</>}
                  </td>
                  <td>
                    <time dateTime={r.date}>{shortDate(r.date)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
        </table>
      )}
      <p>
        <a href={sitePage(section.identifier)}>Open-water data for {section.name}</a>
      </p>
    </section>
  );
}
