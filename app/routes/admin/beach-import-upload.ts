import { data, redirect } from "react-router";
import type { Route } from "./+types/beach-import-upload";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { LAB_FILE_BODY } from "#app/beach/lab-files/limits.ts";
import { receiveLabUpload } from "#app/beach/lab-files/uploads.server.ts";
import { requireAdmin } from "#app/web/context.server.ts";

/** One lab file of up to 64 MB; a larger body is refused (413) before this route runs. */
export const handle: RouteHandle = { body: LAB_FILE_BODY };

/**
 * Receives a lab file from the upload widget (`LabFileUpload`, which shows its progress) and answers JSON: the
 * address of the import's next step, or the message to show. A body left unread gets "Connection: close".
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context, request);
  const received = await receiveLabUpload(request);
  if ("error" in received) return data({ error: received.error }, { status: received.status, headers: received.unread ? { Connection: "close" } : {} });
  return data({ location: `/admin/beach-measurements/import?file=${received.token}` });
}

export function loader() {
  return redirect("/admin/beach-measurements/import");
}
