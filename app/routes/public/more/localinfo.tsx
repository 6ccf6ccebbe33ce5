import { data, NavLink } from "react-router";
import type { Route } from "./+types/localinfo";
import { BUSINESS_CATEGORIES } from "#app/site/business-categories.ts";
import { getServices } from "#app/web/context.server.ts";
import { businesses } from "#app/site/data/site-content.server.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

const FILTERS = ["All", ...BUSINESS_CATEGORIES] as const;

export function meta({ params, matches }: Route.MetaArgs) {
  return pageMeta(matches, `Local Info: ${params.category}`, "Local services near the lake: restaurants, waste disposal, medical care, law enforcement and more.");
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const category = params.category;
  if (!(FILTERS as readonly string[]).includes(category)) {
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  const all = await businesses.all(getServices(context).db);
  return {
    category: category as (typeof FILTERS)[number],
    businesses: all.filter((b) => category === "All" || b.data.category === category).map((b) => ({ id: b.id, ...b.data })),
  };
}

export default function LocalInfo({ loaderData }: Route.ComponentProps) {
  const { category, businesses: shown } = loaderData;
  return (
    <>
      <h1>Local Info</h1>
      <nav aria-label="Categories">
        <ul className="button-row plain">
          {FILTERS.map((f) => (
            <li key={f}>
              <NavLink className="button secondary" to={`/more/localinfo/${encodeURIComponent(f)}`}>
                {f}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {shown.length === 0 && <p className="empty">{category === "All" ? "There are no local businesses listed yet." : "There are no local businesses in this category yet."}</p>}
      <ul className="cards">
        {shown.map((b) => (
          <li key={b.id} className="card">
            <h2 className="card-title">{b.name}</h2>
            <p className="muted">{b.category}</p>
            {(b.address || b.phone) && (
              <address>
                {b.address}
                {b.address && b.phone && <br />}
                {b.phone && <a href={`tel:${b.phone.replace(/[^\d+]/g, "")}`}>{b.phone}</a>}
              </address>
            )}
            {b.link && (
              <p className="card-action">
                <a className="button secondary" href={b.link} target="_blank" rel="noopener noreferrer">
                  Link<span className="visually-hidden"> to {b.name} (opens in a new tab)</span>
                </a>
              </p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
