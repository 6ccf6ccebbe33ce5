import { NavLink, Outlet } from "react-router";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";
import { MORE, navOf } from "#app/routes/public/pages.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

/** The More section's pages, from the public page registry. */
const SECTIONS = navOf(MORE.pages);

export default function MoreLayout() {
  return (
    <div className="page">
      <nav aria-label="More">
        <ul className="subnav">
          {SECTIONS.map((s) => (
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
