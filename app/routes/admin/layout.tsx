import type { ReactNode } from "react";
import { Form, isRouteErrorResponse, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdminMiddleware } from "#app/web/context.server.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { menuOf } from "./screens.ts";
import { UnsavedChangesGuard } from "#app/ui/UnsavedChanges.tsx";

/** Every /admin route, its loaders and its actions, require a signed-in administrator (spec §6). */
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

/** The admin menu is a `nav` beside `main`, not inside it, so this layout renders `main` itself. */
export const handle: RouteHandle = { ownMain: true };

const MAIN_MENU = menuOf("main");
const SITE_MENU = menuOf("site");

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

/** The admin menu and the page's main region: the same frame for every screen and for an error. */
function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <div className="page admin">
      <nav className="admin-menu" aria-label="Admin">
        <ul>
          {MAIN_MENU.map((item) => (
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
        {SITE_MENU.length > 0 && (
          <>
            <h2 className="admin-menu-group" id="admin-site-menu">
              Site
            </h2>
            <ul aria-labelledby="admin-site-menu">
              {SITE_MENU.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </nav>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <UnsavedChangesGuard />
    </div>
  );
}

export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * An error on an admin screen keeps the menu, so the administrator can go on elsewhere. The error itself is in the
 * server's log (entry.server.tsx `handleError`); the page says only what the administrator can do.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminFrame>
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="alert" role="alert">
        {notFound
          ? "There is no admin screen at this address. Choose one from the menu."
          : "This screen could not be shown. Please try again in a moment, or choose another screen from the menu."}
      </p>
    </AdminFrame>
  );
}
