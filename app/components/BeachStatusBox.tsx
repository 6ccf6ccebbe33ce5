import type { BeachStatus } from "#app/lib/beach.ts";
import { shortDate } from "#app/lib/format.ts";

const ICON: Record<BeachStatus, string> = { Open: "✔", Caution: "!", Closed: "✖", Error: "?" };
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
        <span aria-hidden="true">{ICON[status]}</span> {status}
      </span>
      <p>{MEANING[status]}</p>
      <p>
        Latest reading: <strong>{formatReading(value)}</strong> E. coli {unit}, sampled{" "}
        <time dateTime={date}>{shortDate(date)}</time> ({age}).
      </p>
    </div>
  );
}

/** A reading for people: at most one decimal, with thousands separators. */
export function formatReading(value: number): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: 1 });
}
