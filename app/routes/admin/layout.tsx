import type { ReactNode } from "react";
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { adminAccessMiddleware, getServices, requireAdmin, requireAdminMiddleware } from "#app/web/context.server.ts";
import { mailGoesToFiles } from "#app/mail/mail-settings.server.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { FORBIDDEN_MESSAGE, type Role } from "#app/accounts/roles.ts";
import { accessOf, menuFor } from "./screens.ts";
import { UnsavedChangesGuard } from "#app/ui/UnsavedChanges.tsx";

/**
 * Every /admin route, its loaders and its actions, require a signed-in administrator (spec §6); the screens the
 * registry marks `access: "administrator"` refuse an Editor (issue 26).
 */
export const middleware: Route.MiddlewareFunction[] = [adminAccessMiddleware((path) => accessOf(path)), requireAdminMiddleware];

/**
 * The signed-in person's role, for the menu (an Editor sees no link to a screen they may not use), and whether mail
 * only goes to files (no SMTP from the environment or Settings → Email): every admin screen then says so (issue 26).
 * `mayConfigure`: whether the person may open Settings → Email (Administrators; an Editor sees the words without the link).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { role } = requireAdmin(context, request);
  return {
    role,
    mailToFiles: await mailGoesToFiles(getServices(context).mailRoute),
    mayConfigure: role === "administrator",
  };
}

/** The warning every admin screen shows while mail is saved as files instead of being sent. */
function MailWarning({ mayConfigure }: { mayConfigure: boolean }) {
  return (
    <p className="warning" id="mail-warning">
      Mail is not being sent: messages are saved as files on the server.{" "}
      {mayConfigure ? (
        <>
          Set up email in <Link to="/admin/settings/email">Settings → Email</Link>.
        </>
      ) : (
        "An Administrator can set up email in Settings → Email."
      )}
    </p>
  );
}

/** The admin menu is a `nav` beside `main`, not inside it, so this layout renders `main` itself. */
export const handle: RouteHandle = { ownMain: true };


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

/**
 * The admin menu and the page's main region: the same frame for every screen and for an error. A menu link is
 * current on its own address only (`end`): Settings → Email (/admin/settings/email) is off the menu and marks none.
 */
function AdminFrame({ children, warning }: { children: ReactNode; warning?: ReactNode }) {
  const role = (useRouteLoaderData("routes/admin/layout") as { role: Role } | undefined)?.role;
  const MAIN_MENU = menuFor("main", role);
  const SITE_MENU = menuFor("site", role);
  return (
    <div className="page admin">
      <nav className="admin-menu" aria-label="Admin">
        <ul>
          {MAIN_MENU.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end>{item.label}</NavLink>
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
                  <NavLink to={item.to} end>{item.label}</NavLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </nav>
      <main id="main" tabIndex={-1}>
        {warning}
        {children}
      </main>
      <UnsavedChangesGuard />
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame warning={loaderData.mailToFiles ? <MailWarning mayConfigure={loaderData.mayConfigure} /> : undefined}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * An error on an admin screen keeps the menu, so the administrator can go on elsewhere. The error itself is in the
 * server's log (entry.server.tsx `handleError`); the page says only what the administrator can do.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <AdminFrame>
      <h1>{status === 404 ? "Page not found" : status === 403 ? "Not available to Editors" : "Something went wrong"}</h1>
      <p className="alert" role="alert">
        {status === 404
          ? "There is no admin screen at this address. Choose one from the menu."
          : status === 403
            ? `${FORBIDDEN_MESSAGE} Choose another screen from the menu.`
            : "This screen could not be shown. Please try again in a moment, or choose another screen from the menu."}
      </p>
    </AdminFrame>
  );
}
