import type { AdvisoryView, BeachState } from "./state.ts";
import type { SiteState } from "./site-state.ts";
import { EPA_GEOMETRIC_MEAN_CRITERION, GEOMETRIC_MEAN_MIN_SAMPLES, GEOMETRIC_MEAN_WINDOW_DAYS, READING_UNIT, STATUS_MEANING, type BeachStatus, type WindowMean } from "./status.ts";
import { formatNumber, shortDate } from "#app/platform/text/format.ts";

/** A shape per status, beside its colour and word, so that no one needs the colour to tell them apart. */
export const ICON: Record<BeachStatus, string> = { Open: "✔", Caution: "⚠", Closed: "✖", Error: "?" };
const MEANING = STATUS_MEANING;

/**
 * The beach status as `beachState` decided it: its word, an icon and a colour (the word alone tells it), the board's
 * advisory and its reason when one is posted, and the latest reading with its age. Nothing without a reading.
 */
export function BeachStatusBox({ state }: { state: BeachState | SiteState }) {
  const { status, latest, advisory } = state;
  if (!latest || !status) return null;
  const { value, date, age } = latest;
  return (
    <div className="status" data-status={status} role="status" aria-live="polite">
      <span className="status-label">
        <span className="status-badge" data-status={status}>
          <span aria-hidden="true">{ICON[status]}</span> {status}
        </span>
      </span>
      <p>{MEANING[status]}</p>
      {advisory && <AdvisoryReason advisory={advisory} />}
      <SiteNotes state={state} />
      <p>
        Latest reading: <strong>{formatReading(value)}</strong> E. coli {READING_UNIT}, sampled{" "}
        <time dateTime={date}>{shortDate(date)}</time> ({age}).
      </p>
    </div>
  );
}

/** What a site's state says beside the E. coli reading (issue 27, `SiteState.notes`); nothing for E. coli alone. */
export function SiteNotes({ state }: { state: BeachState | SiteState }) {
  // A `BeachState` (E. coli alone) has no notes.
  return (state as Partial<SiteState>).notes?.map((note) => <p key={note}>{note}</p>);
}

/**
 * The 30-day geometric mean beside the EPA 2012 criterion (126 CFU per 100 mL), or why there is none: "30-day
 * geometric mean: 84 CFU per 100 mL (7 samples; EPA 2012 criterion: 126)".
 */
export function GeometricMeanNote({ mean: window30 }: { mean: WindowMean }) {
  const span = (
    <>
      the {GEOMETRIC_MEAN_WINDOW_DAYS} days to <time dateTime={window30.to}>{shortDate(window30.to)}</time>
    </>
  );
  if (window30.mean === null) {
    return (
      <p className="geomean">
        30-day geometric mean: not computed, {window30.samples === 1 ? "only 1 sample" : `only ${window30.samples} samples`} in {span} (at
        least {GEOMETRIC_MEAN_MIN_SAMPLES} are needed; EPA 2012 criterion: {EPA_GEOMETRIC_MEAN_CRITERION} {READING_UNIT}).
      </p>
    );
  }
  return (
    <p className="geomean">
      30-day geometric mean: <strong>{formatNumber(window30.mean, 0)} {READING_UNIT}</strong> ({window30.samples} samples in {span}; EPA 2012 criterion:{" "}
      {EPA_GEOMETRIC_MEAN_CRITERION}
      {window30.exceeds ? ", exceeded" : ""}).
    </p>
  );
}

/** The spec's warning that the latest reading is old (over 7 days). */
export function StaleWarning() {
  return (
    <p className="warning" role="note">
      <strong>Warning:</strong> the latest reading is more than 7 days old and may not reflect current conditions.
    </p>
  );
}

/**
 * The swim question, answered in one line on the home page, as `beachState` decided it: the status (icon, word,
 * colour), the reading and its age, the advisory's reason or the stale warning, and a link to the full beach section
 * of /the-lake. Nothing without a reading. With several beaches, one each, `anchor` naming its section.
 */
export function BeachStatusSummary({ beachName, state, anchor }: { beachName: string; state: BeachState | SiteState; anchor?: string | null }) {
  const { status, latest, advisory } = state;
  if (!latest || !status) return null;
  // With several beaches (issue 27) each summary has its own heading id and links to its beach's section.
  const heading = `swim-${anchor ?? "heading"}`;
  return (
    <section className="beach-summary" data-status={status} aria-labelledby={heading}>
      <h2 id={heading}>Swimming at {beachName}</h2>
      <p className="beach-summary-line">
        <span className="status-badge" data-status={status}>
          <span aria-hidden="true">{ICON[status]}</span> {status}
        </span>{" "}
        <span>
          {formatReading(latest.value)} E. coli {READING_UNIT}, sampled <time dateTime={latest.date}>{shortDate(latest.date)}</time> ({latest.age}).
        </span>
      </p>
      {advisory && <AdvisoryReason advisory={advisory} />}
      <SiteNotes state={state} />
      {state.staleWarning && <StaleWarning />}
      <p>
        <a href={`/the-lake#${anchor ?? "beach"}`}>Beach conditions and the latest readings</a>
      </p>
    </section>
  );
}

function AdvisoryReason({ advisory }: { advisory: AdvisoryView }) {
  return (
    <p className="advisory">
      <strong>Advisory from the board:</strong> {advisory.reason}
    </p>
  );
}

/** A reading for people: at most one decimal, with thousands separators. */
export function formatReading(value: number): string {
  return formatNumber(value, 1);
}
