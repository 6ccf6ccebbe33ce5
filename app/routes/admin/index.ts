import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "#app/web/context.server.ts";

/** /admin goes to /admin/news (spec §2). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return redirect("/admin/news");
}
