/**
 * The home page's beach status (issue 27): with several beaches, a line per beach; with one, the first beach's
 * summary as before. Kept apart from app/beach/SiteSections.tsx, so the home page loads no chart code.
 */
import type { BeachSummary } from "./site-sections.server.ts";
import type { BeachState } from "./state.ts";
import type { SiteState } from "./site-state.ts";
import { BeachStatusSummary } from "./BeachStatusBox.tsx";

/** A shape per status beside its word, as `BeachStatusBox` shows them. */
export const ICON = { Open: "✔", Caution: "⚠", Closed: "✖", Error: "?" } as const;

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
