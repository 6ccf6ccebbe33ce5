import { formatReading } from "./BeachStatusBox.tsx";
import { publicBeachStatus, READING_UNIT } from "./status.ts";
import { shortDate } from "#app/platform/text/format.ts";

/**
 * "Readings as a table": a beach's latest E. coli readings, newest first, with each reading's own status, under a
 * disclosure beside the chart (the same figures for a screen reader and without JavaScript).
 * @param readings oldest first, as the chart takes them
 * @param caption the table's caption for screen readers ("The latest 10 E. coli readings")
 */
export function ReadingsTable({ readings, caption }: { readings: readonly { id: string; date: string; value: number }[]; caption: string }) {
  return (
    <details>
      <summary>Readings as a table</summary>
      <div className="details-body">
        <table>
          <caption className="visually-hidden">{caption}</caption>
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
  );
}
