/**
 * The sites on the public pages (issue 27), beside the first beach's own section and summary: /the-lake's section per
 * other site, and the home page's line per beach when there are several. With one beach both render what the pages
 * showed before (nothing more on /the-lake, the first beach's summary on the home page).
 */
import type { BeachSection, BeachSummary, StationSection } from "./site-sections.server.ts";
import type { BeachState } from "./state.ts";
import type { SiteState } from "./site-state.ts";
import { BeachStatusBox, BeachStatusSummary, formatReading, GeometricMeanNote, SiteNotes, StaleWarning } from "./BeachStatusBox.tsx";
import { ReadingsChart } from "./ReadingsChart.tsx";
import { publicBeachStatus, READING_UNIT, STATUS_MEANING } from "./status.ts";
import { formatNumber, shortDate } from "#app/platform/text/format.ts";

const ICON = { Open: "✔", Caution: "⚠", Closed: "✖", Error: "?" } as const;

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
          <details>
            <summary>Readings as a table</summary>
            <div className="details-body">
              <table>
                <caption className="visually-hidden">
                  The latest {readings.length} E. coli readings at {section.name}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Sample date</th>
                    <th scope="col" className="num">
                      E. coli {READING_UNIT}
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {[...readings].reverse().map((r) => (
                    <tr key={r.id}>
                      <td>
                        <time dateTime={r.date}>{shortDate(r.date)}</time>
                      </td>
                      <td className="num">{formatReading(r.value)}</td>
                      <td>{publicBeachStatus(r.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
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

/**
 * The home page's beach status: with several beaches, a line per beach (its name linking to its section, the status,
 * what decided it and how old that is); otherwise the first beach's summary, as before issue 27.
 */
export function BeachSummaries({ beachName, state, beaches }: { beachName: string; state: BeachState | SiteState; beaches: BeachSummary[] }) {
  if (beaches.length < 2) return <BeachStatusSummary beachName={beachName} state={state} />;
  return (
    <section className="beach-summary" aria-labelledby="swim-heading">
      <h2 id="swim-heading">Swimming at the beaches</h2>
      <ul className="beach-list">
        {beaches.map((b) => (
          <li key={b.anchor} className="beach-summary-line">
            <a href={`/the-lake#${b.anchor}`}>{b.name}</a>
            {b.state.status ? (
              <>
                <span className="status-badge" data-status={b.state.status}>
                  <span aria-hidden="true">{ICON[b.state.status]}</span> {b.state.status}
                </span>
                <span>
                  {b.state.advisory ? `Advisory from the board: ${b.state.advisory.reason}` : b.state.decidedBy?.text}
                  {b.age && ` (${b.age})`}
                  {b.state.staleWarning && ". The latest sample is more than 7 days old"}.
                </span>
              </>
            ) : (
              <span className="muted">No measurements found</span>
            )}
          </li>
        ))}
      </ul>
      <p>
        <a href="/the-lake#beach">Beach conditions and the latest readings</a>
      </p>
    </section>
  );
}
