/**
 * Request-scoped helpers over the router context: the services, the signed-in administrator, and the guard that
 * every admin loader and action goes through.
 */
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { APIError } from "better-auth/api";
import { authHeaders } from "#app/accounts/auth.server.ts";
import { servicesContext, type Services } from "./services.server.ts";

export interface SignedInUser {
  id: string;
  email: string;
  /** better-auth's `user.name`: the person's display name (the sign-in address for accounts made before names). */
  name: string;
}

/** The user signed in for this request, or null: set once per request by `sessionMiddleware` (root route). */
export const userContext = createContext<SignedInUser | null>(null);

/** The services of this server. */
export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

/**
 * Longest life of a session from sign-in, whatever its use, in milliseconds (OWASP ASVS 5.0 §7.3.2). The idle
 * limit is better-auth's sliding expiry (7 days without a request; see auth.server.ts).
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What the session lookup of a request found: the signed-in user or null, and the cookies better-auth set on the way
 * (`Set-Cookie` values: a session renewed by the sliding expiry with 7 more days, or an expired one's removal), which
 * the response must carry so that the browser's cookie lives as long as the session.
 */
export interface SessionLookup {
  user: SignedInUser | null;
  setCookies: string[];
}

/**
 * Looks a request's session up: the session cookie, then the session table. A session older than the absolute
 * lifetime is revoked on the server and counts as none.
 * @param now ms since epoch
 */
export async function lookUpSession(services: Services, request: Request, now = Date.now()): Promise<SessionLookup> {
  if (!request.headers.get("cookie")) return { user: null, setCookies: [] };
  const { headers, response: session } = await services.auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!session) return { user: null, setCookies };
  if (now - new Date(session.session.createdAt).getTime() > SESSION_ABSOLUTE_LIFETIME_MS) {
    const ctx = await services.auth.$context;
    await ctx.internalAdapter.deleteSession(session.session.token);
    services.logger.info({ email: session.user.email }, "session ended: absolute lifetime reached");
    return { user: null, setCookies: [] };
  }
  return { user: { id: session.user.id, email: session.user.email, name: session.user.name ?? "" }, setCookies };
}

/**
 * The page a request is for, path and query, as a `redirect` value for /login. A client-side navigation asks the
 * server for the page's data at "<path>.data" ("/_root.data" for "/") with router parameters (`_routes`, `index`):
 * those are the router's, not the page's, so they are taken off.
 */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const query = url.searchParams.toString();
  return path + (query ? `?${query}` : "");
}

/**
 * Root middleware: looks the session up once per request (cookie, then the session table) and puts the signed-in
 * user, or null, in `userContext` for every loader, action and middleware below; the cookies better-auth set meanwhile
 * (a renewed session's) go out with the response. A request without a cookie costs nothing.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { user, setCookies } = await lookUpSession(getServices(context), request);
  context.set(userContext, user);
  if (setCookies.length === 0) return next();
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

/** The signed-in user of this request (set by `sessionMiddleware`), or null for a guest. */
export function currentUser(context: Readonly<RouterContextProvider>): SignedInUser | null {
  return context.get(userContext);
}

/**
 * Route middleware for /admin and all its children: a guest is sent to `/login?redirect=<the path asked for>`.
 * Middleware runs before any loader or action below it, for document and data requests and for actions alike.
 */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  requireAdmin(context, request);
};

/**
 * The signed-in administrator, for an admin loader or action. Each calls it itself, so that no admin data is read
 * or written without a session even if a route is ever moved out from under the guard.
 * @throws a redirect to /login when there is none
 */
export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): SignedInUser {
  const user = context.get(userContext);
  if (!user) throw redirect(`/login?redirect=${encodeURIComponent(requestedPath(request))}`);
  return user;
}

/**
 * A `redirect` query value that is safe to follow: a path on this site ("/admin/news?x=1"), never another origin
 * ("//evil.example", "/\\evil.example", "https://…"). Anything else gives `fallback`.
 */
export function safeRedirect(value: string | null | undefined, fallback = "/admin"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  try {
    const url = new URL(value, "http://shoreline.invalid");
    if (url.origin !== "http://shoreline.invalid") return fallback;
    // Dot segments collapse in the URL parser ("/..//evil.example" becomes "//evil.example"): check the result too.
    if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The client's address as Express sees it (from X-Forwarded-For only when TRUST_PROXY is true). */
export const clientAddressContext = createContext<string>("unknown");

/**
 * Signs an administrator in right after a step that proved who they are (the setup link, a reset link) and sends
 * them to /admin with the new session's cookies. Should better-auth refuse (the client address is locked by the
 * throttle), they go to /login instead, where they sign in once it lets them.
 */
export async function signInAfterProof(context: Readonly<RouterContextProvider>, request: Request, credentials: { email: string; password: string }): Promise<Response> {
  try {
    const { headers } = await getServices(context).auth.api.signInEmail({
      body: credentials,
      headers: authHeaders(request, context.get(clientAddressContext)),
      returnHeaders: true,
    });
    return redirectWithCookies("/admin", headers);
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return redirectWithCookies("/login", new Headers());
  }
}

/** A redirect that carries every Set-Cookie header of a better-auth response (they must not be joined). */
export function redirectWithCookies(target: string, authHeaders: Headers): Response {
  const headers = new Headers();
  for (const cookie of authHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(target, { headers });
}
