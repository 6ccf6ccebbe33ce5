import type { Route } from "./+types/the-lake";
import { faq } from "#content/faq.ts";
import { beachInfo, geeseAdvice, lakeFacts, lakeIntro, lakeMap } from "#content/lake.ts";
import { BeachStatusBox, formatReading, StaleWarning } from "#app/components/BeachStatusBox.tsx";
import { ReadingsChart } from "#app/components/ReadingsChart.tsx";
import { publicBeachStatus, PUBLIC_READING_COUNT } from "#app/lib/beach.ts";
import { getServices } from "#app/lib/context.server.ts";
import { todayIn } from "#app/lib/dates.ts";
import { shortDate } from "#app/lib/format.ts";
import { useLiveUpdates } from "#app/lib/live-updates.ts";
import { describeLatest, listLatestMeasurements } from "#app/models/measurements.server.ts";
import { getAssociationDetails } from "#app/models/association.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { CACHEABLE_PAGE } from "#app/lib/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "The Lake", "Beach water quality (E. coli readings and the swimming status), lake facts and map, FAQ and advice on geese.");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const readings = await listLatestMeasurements(db, { limit: PUBLIC_READING_COUNT });
  const latest = readings.at(-1);
  const details = await getAssociationDetails(db);
  const today = todayIn(details.timeZone);
  return {
    readings: readings.map((r) => ({ id: r.id, date: r.date, value: r.value, unit: r.unit })),
    latest: describeLatest(latest, today),
    beachName: details.beachName,
  };
}

export default function TheLake({ loaderData }: Route.ComponentProps) {
  const { readings, latest } = loaderData;
  useLiveUpdates(["measurements"]);
  return (
    <div className="page">
      <h1>The Lake</h1>
      <section aria-labelledby="beach">
        <h2 id="beach">Beach conditions: {loaderData.beachName}</h2>
        {latest === null ? (
          <p className="empty">No measurements found</p>
        ) : (
          <>
            <BeachStatusBox {...latest} />
            {latest.stale && <StaleWarning />}
            <h3 className="muted spaced">
              The latest {readings.length} readings
            </h3>
            <ReadingsChart readings={readings} />
            <details>
              <summary>Readings as a table</summary>
              <div className="details-body">
                <table>
                  <caption className="visually-hidden">The latest {readings.length} E. coli readings</caption>
                  <thead>
                    <tr>
                      <th scope="col">Sample date</th>
                      <th scope="col" className="num">
                        E. coli per 100 mL
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
        <details>
          <summary>Learn More</summary>
          <div className="details-body">
            {beachInfo.learnMore.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </details>
      </section>

      <section aria-labelledby="facts">
        <h2 id="facts">Facts and figures</h2>
        {lakeIntro.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <div className="grid two">
          <dl className="facts">
            {lakeFacts.map((f) => (
              <div key={f.label} className="fact">
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          <figure>
            <img src={lakeMap.image} alt={lakeMap.alt} width="640" height="420" loading="lazy" decoding="async" />
            <figcaption>{lakeMap.caption}</figcaption>
          </figure>
        </div>
      </section>

      <section aria-labelledby="faq">
        <h2 id="faq">Frequently asked questions</h2>
        {faq.map((q) => (
          <details key={q.question}>
            <summary>{q.question}</summary>
            <div className="details-body">
              {q.answer.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </details>
        ))}
      </section>

      <section aria-labelledby="geese">
        <h2 id="geese">{geeseAdvice.title}</h2>
        {geeseAdvice.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <ul>
          {geeseAdvice.tips.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
