/**
 * /the-lake's sections of the sites after the first beach's (issue 27): each other beach's status and readings, each
 * station's latest results. With one beach there is none, and the page reads as before. The home page's line per
 * beach is app/beach/BeachSummaries.tsx (kept apart: the home page loads no chart code).
 */
import type { BeachSection, StationSection } from "./site-sections.server.ts";
import type { SiteState } from "./site-state.ts";
import { BeachStatusBox, GeometricMeanNote, ICON, SiteNotes, StaleWarning } from "./BeachStatusBox.tsx";
import { ReadingsChart } from "./ReadingsChart.tsx";
import { ReadingsTable } from "./ReadingsTable.tsx";
import { STATUS_MEANING } from "./status.ts";
import { formatNumber, shortDate } from "#app/platform/text/format.ts";

/** /the-lake's sections after the first beach's: one per other beach and per station, in the board's order. */
export function SiteSections({ sections }: { sections: (BeachSection | StationSection)[] }) {
  return (
    <>
      {sections.map((section) => (section.kind === "beach" ? <OtherBeach key={section.id} section={section} /> : <Station key={section.id} section={section} />))}
    </>
  );
}

/** A beach's section: its status and chart as the first beach's. */
function OtherBeach({ section }: { section: BeachSection }) {
  const { state, readings, geometricMean } = section;
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
          <h3 className="muted spaced">The latest {readings.length} readings</h3>
          <ReadingsChart readings={readings} />
          <ReadingsTable readings={readings} caption={`The latest ${readings.length} E. coli readings at ${section.name}`} />
        </>
      )}
    </section>
  );
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
        <a href={`/the-lake/sites/${encodeURIComponent(section.identifier)}`}>Open-water data for {section.name}</a>
      </p>
    </section>
  );
}
