import type { BeachStatus } from "#app/lib/beach.ts";
import { formatNumber, shortDate } from "#app/lib/format.ts";

/** A shape per status, beside its colour and word, so that no one needs the colour to tell them apart. */
const ICON: Record<BeachStatus, string> = { Open: "✔", Caution: "⚠", Closed: "✖", Error: "?" };
const MEANING: Record<BeachStatus, string> = {
  Open: "Swimming is OK.",
  Caution: "Swimming is not advised for young children, older adults or anyone with a weakened immune system.",
  Closed: "Stay out of the water.",
  Error: "This reading cannot be classified. Check with the board before swimming.",
};

/** The beach status: its word, an icon and a colour (the word alone tells it), the reading and its age. */
export function BeachStatusBox(props: { status: BeachStatus; value: number; unit: string; date: string; age: string }) {
  const { status, value, unit, date, age } = props;
  return (
    <div className="status" data-status={status} role="status" aria-live="polite">
      <span className="status-label">
        <span className="status-badge" data-status={status}>
          <span aria-hidden="true">{ICON[status]}</span> {status}
        </span>
      </span>
      <p>{MEANING[status]}</p>
      <p>
        Latest reading: <strong>{formatReading(value)}</strong> E. coli {unit}, sampled{" "}
        <time dateTime={date}>{shortDate(date)}</time> ({age}).
      </p>
    </div>
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
export function BeachStatusSummary(props: { beachName: string; status: BeachStatus; value: number; unit: string; date: string; age: string; stale: boolean }) {
  const { status } = props;
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
      {props.stale && <StaleWarning />}
      <p>
        <a href="/the-lake#beach">Beach conditions and the latest readings</a>
      </p>
    </section>
  );
}

/** A reading for people: at most one decimal, with thousands separators. */
export function formatReading(value: number): string {
  return formatNumber(value, 1);
}
