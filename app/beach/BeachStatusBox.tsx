import { EPA_GEOMETRIC_MEAN_CRITERION, GEOMETRIC_MEAN_MIN_SAMPLES, GEOMETRIC_MEAN_WINDOW_DAYS, STATUS_MEANING, type BeachStatus, type WindowMean } from "./status.ts";
import { formatNumber, shortDate } from "#app/platform/text/format.ts";

/** A shape per status, beside its colour and word, so that no one needs the colour to tell them apart. */
const ICON: Record<BeachStatus, string> = { Open: "✔", Caution: "⚠", Closed: "✖", Error: "?" };
const MEANING = STATUS_MEANING;

/** A board's advisory as the public pages show it (issue 11): it overrides the reading's status until lifted. */
export interface AdvisoryView {
  status: "Caution" | "Closed";
  reason: string;
}

/**
 * The beach status: its word, an icon and a colour (the word alone tells it), the reading and its age. With an
 * `advisory`, the advisory's status is shown, with its reason, instead of the reading's.
 */
export function BeachStatusBox(props: { status: BeachStatus; value: number; unit: string; date: string; age: string; advisory?: AdvisoryView | null }) {
  const { value, unit, date, age, advisory } = props;
  const status = advisory?.status ?? props.status;
  return (
    <div className="status" data-status={status} role="status" aria-live="polite">
      <span className="status-label">
        <span className="status-badge" data-status={status}>
          <span aria-hidden="true">{ICON[status]}</span> {status}
        </span>
      </span>
      <p>{MEANING[status]}</p>
      {advisory && <AdvisoryReason advisory={advisory} />}
      <p>
        Latest reading: <strong>{formatReading(value)}</strong> E. coli {unit}, sampled{" "}
        <time dateTime={date}>{shortDate(date)}</time> ({age}).
      </p>
    </div>
  );
}

/**
 * The 30-day geometric mean beside the EPA 2012 criterion (126 CFU/100 mL), or why there is none: "30-day geometric
 * mean: 84 CFU/100 mL (7 samples; EPA 2012 criterion: 126)".
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
        least {GEOMETRIC_MEAN_MIN_SAMPLES} are needed; EPA 2012 criterion: {EPA_GEOMETRIC_MEAN_CRITERION} CFU/100 mL).
      </p>
    );
  }
  return (
    <p className="geomean">
      30-day geometric mean: <strong>{formatNumber(window30.mean, 0)} CFU/100 mL</strong> ({window30.samples} samples in {span}; EPA 2012 criterion:{" "}
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
 * The swim question, answered in one line on the home page: the status (icon, word, colour), the reading and its
 * age, the stale warning when it applies, and a link to the full beach section of /the-lake.
 */
export function BeachStatusSummary(props: {
  beachName: string;
  status: BeachStatus;
  value: number;
  unit: string;
  date: string;
  age: string;
  stale: boolean;
  advisory?: AdvisoryView | null;
}) {
  const { advisory } = props;
  const status = advisory?.status ?? props.status;
  return (
    <section className="beach-summary" data-status={status} aria-labelledby="swim-heading">
      <h2 id="swim-heading">Swimming at {props.beachName}</h2>
      <p className="beach-summary-line">
        <span className="status-badge" data-status={status}>
          <span aria-hidden="true">{ICON[status]}</span> {status}
        </span>{" "}
        <span>
          {formatReading(props.value)} E. coli {props.unit}, sampled <time dateTime={props.date}>{shortDate(props.date)}</time> ({props.age}).
        </span>
      </p>
      {advisory && <AdvisoryReason advisory={advisory} />}
      {props.stale && !advisory && <StaleWarning />}
      <p>
        <a href="/the-lake#beach">Beach conditions and the latest readings</a>
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
