import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";
import { MORE, navOf } from "#app/routes/public/pages.ts";
import { getServices } from "#app/web/context.server.ts";
import { boardPageLinks } from "#app/site/data/board-pages.server.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

/**
 * The More section's pages, from the public page registry, then the board's own pages placed under More (issue 28),
 * in the board's order: data, so that the registry stays out of the browser's code.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { pages: [...navOf(MORE.pages), ...(await boardPageLinks(getServices(context).db, "more"))] };
}

export default function MoreLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <nav aria-label="More">
        <ul className="subnav">
          {loaderData.pages.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} prefetch="intent">
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
