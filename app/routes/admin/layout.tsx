import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdminMiddleware } from "#app/lib/context.server.ts";

/** Every /admin route, its loaders and its actions, require a signed-in administrator (spec §6). */
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

const MENU = [
  { to: "/admin/news", label: "News Posts" },
  { to: "/admin/events", label: "Events" },
  { to: "/admin/documents", label: "Documents" },
  { to: "/admin/beach-measurements", label: "Beach Data" },
  { to: "/admin/banner", label: "Banner" },
];

/**
 * Sign-out also forgets what this browser kept: every IndexedDB database and the Cache Storage (spec §4). The
 * session itself ends on the server, in the /logout action.
 */
async function clearBrowserData() {
  try {
    const databases = (await indexedDB.databases?.()) ?? [];
    await Promise.all(databases.map((d) => (d.name ? new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(d.name as string);
      request.onsuccess = request.onerror = request.onblocked = () => resolve(undefined);
    }) : undefined)));
    if ("caches" in window) await Promise.all((await caches.keys()).map((k) => caches.delete(k)));
    sessionStorage.clear();
  } catch {
    // Nothing to clear, or the browser refused: signing out on the server is what matters.
  }
}

export default function AdminLayout() {
  return (
    <div className="page admin">
      <nav className="admin-menu" aria-label="Admin">
        <ul>
          {MENU.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
          <li>
            <Form method="post" action="/logout" onSubmit={() => void clearBrowserData()}>
              <button type="submit">Logout</button>
            </Form>
          </li>
        </ul>
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
