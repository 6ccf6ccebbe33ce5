import { NavLink, Outlet } from "react-router";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

const SECTIONS = [
  { to: "/more/meetboard", label: "Meet the Board" },
  { to: "/more/localinfo", label: "Local Info" },
  { to: "/more/documents", label: "Documents" },
];

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
