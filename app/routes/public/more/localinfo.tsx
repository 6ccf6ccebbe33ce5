import { data, NavLink } from "react-router";
import type { Route } from "./+types/localinfo";
import { businesses } from "#content/businesses.ts";
import { BUSINESS_CATEGORIES, type BusinessCategory } from "#content/types.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { CACHEABLE_PAGE } from "#app/lib/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

const FILTERS = ["All", ...BUSINESS_CATEGORIES] as const;

export function meta({ params, matches }: Route.MetaArgs) {
  return pageMeta(matches, `Local Info: ${params.category}`, "Local services near the lake: restaurants, waste disposal, medical care, law enforcement and more.");
}

export function loader({ params }: Route.LoaderArgs) {
  const category = params.category;
  if (!(FILTERS as readonly string[]).includes(category)) {
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  return { category: category as (typeof FILTERS)[number] };
}

export default function LocalInfo({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  const shown = businesses
    .filter((b) => category === "All" || b.category === (category as BusinessCategory))
    .sort((a, b) => a.order - b.order);
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
      <ul className="cards">
        {shown.map((b) => (
          <li key={b.name} className="card">
            <h2 className="card-title">{b.name}</h2>
            <p className="muted">{b.category}</p>
            <address>
              {b.address}
              <br />
              <a href={`tel:${b.phone.replace(/[^\d+]/g, "")}`}>{b.phone}</a>
            </address>
            <p className="card-action">
              <a className="button secondary" href={b.link} target="_blank" rel="noopener noreferrer">
                Link<span className="visually-hidden"> to {b.name} (opens in a new tab)</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
