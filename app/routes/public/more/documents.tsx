import type { Route } from "./+types/documents";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { getServices } from "#app/web/context.server.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { humanSize, shortDate } from "#app/platform/text/format.ts";
import { listDocuments } from "#app/documents/data/documents.server.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Documents", "Minutes, reports and other documents of the association to download.");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const [documents, timeZone] = await Promise.all([listDocuments(db), getTimeZone(db)]);
  return {
    documents: documents.map((d) => ({
      id: d.id,
      displayName: d.displayName,
      size: d.size,
      date: todayIn(timeZone, new Date(d.created)),
    })),
  };
}

/** "12 KB", "1.4 MB" */

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { documents } = loaderData;
  return (
    <>
      <h1>Documents</h1>
      {documents.length === 0 ? (
        <p className="empty">We couldn't find any Files!</p>
      ) : (
        <ul className="item-list">
          {documents.map((d) => (
            <li key={d.id} className="card">
              <a href={`/documents/${d.id}`} download>
                {d.displayName}
              </a>
              <span className="muted">
                {" "}
                · {humanSize(d.size)} · added {shortDate(d.date)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
