import { data, redirect } from "react-router";
import type { Route } from "./+types/markdown-picture-upload";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { imageFormBody } from "#app/platform/files/upload-limits.ts";
import { receiveMarkdownPicture } from "#app/web/markdown-picture.server.ts";

/** One picture, read up to twice the picture limit so that an oversized one gets its message. */
export const handle: RouteHandle = { body: imageFormBody(1) };

/**
 * The editor's "Insert picture" (app/ui/MarkdownField.tsx): stores the picture and answers JSON, `{ markdown, image }`
 * (200) or `{ fieldErrors }` (400). See `receiveMarkdownPicture`.
 */
export async function action(args: Route.ActionArgs) {
  const { answer, status } = await receiveMarkdownPicture(args);
  return data(answer, { status });
}

export function loader() {
  return redirect("/admin/markdown-picture");
}
