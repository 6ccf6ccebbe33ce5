import { data, redirect } from "react-router";
import type { Route } from "./+types/documents-replace";
import { receiveReplacement } from "#app/documents/upload.server.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { MAX_DOCUMENT_BYTES, uploadBody } from "#app/platform/files/upload-limits.ts";
import { STORAGE_ID } from "#app/platform/files/storage.server.ts";
import { getServices, requireAdmin } from "#app/web/context.server.ts";

/** One file of up to 20 MB; a larger body is refused (413) before this route runs. */
export const handle: RouteHandle = { body: uploadBody(1, MAX_DOCUMENT_BYTES) };

const BASE = "/admin/documents";

/**
 * Replaces the file of the document `?id=` (`receiveReplacement`): the document keeps its address /documents/:id.
 * A plain form post (the "Replace the file" form of the documents screen's "Rename or delete" window) is sent back
 * to the screen with the outcome; a request with `Accept: application/json` is answered with it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const json = request.headers.get("accept")?.includes("application/json");
  if (!STORAGE_ID.test(id)) {
    if (json) return data({ message: "That document is gone. Please reload the page." }, { status: 404, headers: { Connection: "close" } });
    return redirect(BASE, { headers: { Connection: "close" } });
  }
  const outcome = await receiveReplacement(getServices(context), request, id);
  const headers: HeadersInit = "unread" in outcome && outcome.unread ? { Connection: "close" } : {};
  if (json) return data(outcome.status === 200 ? { replaced: outcome.replaced } : { message: outcome.message }, { status: outcome.status, headers });
  const params = new URLSearchParams(outcome.status === 200 ? { replaced: outcome.replaced } : { manage: id, replaceError: outcome.message });
  return redirect(`${BASE}?${params}`, { headers });
}

export function loader() {
  return redirect(BASE);
}
