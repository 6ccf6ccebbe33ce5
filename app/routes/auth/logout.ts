import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getServices, redirectWithCookies } from "#app/web/context.server.ts";
import { IGNORED_BODY } from "#app/platform/http/request-body.ts";

/** Signing out reads no body. */
export const handle = { body: IGNORED_BODY };

/** Signs out: the session is deleted on the server and its cookie cleared; then home (spec §2). */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, logger } = getServices(context);
  try {
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return redirectWithCookies("/", headers);
  } catch (error) {
    logger.warn({ err: error }, "sign-out failed");
    throw error;
  }
}

export function loader() {
  return redirect("/");
}
