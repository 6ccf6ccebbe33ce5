import { data, redirect } from "react-router";
import type { Route } from "./+types/documents-upload";
import { receiveDocuments } from "#app/documents/upload.server.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_FILES, uploadBody } from "#app/platform/files/upload-limits.ts";
import { getServices, requireAdmin } from "#app/web/context.server.ts";

/** Up to 10 files of 20 MB each in one request; a larger body is refused (413) before this route runs. */
export const handle: RouteHandle = { body: uploadBody(MAX_DOCUMENT_FILES, MAX_DOCUMENT_BYTES) };

/**
 * Receives document uploads (`receiveDocuments`). Answers JSON to the upload widget (`Accept: application/json`), or
 * redirects back to the documents screen for a plain form post. A body left unread gets "Connection: close", so
 * that a client does not send its next request on that connection.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { result, status, unread } = await receiveDocuments(getServices(context), request);
  const headers: HeadersInit = unread ? { Connection: "close" } : {};
  if (request.headers.get("accept")?.includes("application/json")) return data(result, { status, headers });
  const params = new URLSearchParams();
  if (result.uploaded.length) params.set("uploaded", String(result.uploaded.length));
  for (const e of result.errors) params.append("error", `${e.name}: ${e.message}`);
  return redirect(`/admin/documents?${params}`, { headers });
}

export function loader() {
  return redirect("/admin/documents");
}
