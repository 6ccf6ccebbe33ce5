import type { Route } from "./+types/documents";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { getServices } from "#app/web/context.server.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { humanSize, shortDate } from "#app/platform/text/format.ts";
import { listDocuments } from "#app/documents/data/documents.server.ts";
import { listCategories } from "#app/documents/data/categories.server.ts";
import { groupDocuments } from "#app/documents/groups.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Documents", "Minutes, reports and other documents of the association to download.");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const [documents, categories, timeZone] = await Promise.all([listDocuments(db), listCategories(db), getTimeZone(db)]);
  const shown = documents.map((d) => ({
    id: d.id,
    displayName: d.displayName,
    size: d.size,
    date: todayIn(timeZone, new Date(d.created)),
    categoryId: d.categoryId,
  }));
  // Grouped by the board's categories (issue 28); one group without a heading while no document has one.
  return { groups: groupDocuments(shown, categories) };
}

type Shown = Route.ComponentProps["loaderData"]["groups"][number]["documents"];

function DocumentList({ documents }: { documents: Shown }) {
  return (
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
  );
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <>
      <h1>Documents</h1>
      {groups.length === 0 ? (
        <p className="empty">We couldn't find any Files!</p>
      ) : (
        groups.map((group, index) =>
          group.heading === null ? (
            <DocumentList key="all" documents={group.documents} />
          ) : (
            <section key={group.heading} aria-labelledby={`document-group-${index}`}>
              <h2 id={`document-group-${index}`}>{group.heading}</h2>
              <DocumentList documents={group.documents} />
            </section>
          ),
        )
      )}
    </>
  );
}
