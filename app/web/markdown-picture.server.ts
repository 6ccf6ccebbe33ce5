/**
 * A picture for a Markdown text (issue 28): what the editor's "Insert picture" (app/routes/admin/markdown-picture-upload.ts,
 * JSON) and the upload page without JavaScript (app/routes/admin/markdown-picture.tsx) both do.
 */
import type { PictureImage } from "#app/ui/Picture.tsx";
import type { FormResult } from "#app/platform/text/forms.ts";
import { readImageForm } from "#app/platform/files/images.server.ts";
import { pictureMarkdown } from "#app/platform/text/markdown.server.ts";
import { adminRequest, authorOf, type AdminArgs } from "./admin-screens.server.ts";

/** The file input's name; its alt text is `pictureAlt`. */
export const PICTURE_FIELD = "picture";

/** The answer: the picture stored and its Markdown, or the form's errors. */
export type PictureAnswer = FormResult & { markdown?: string; image?: PictureImage };

/**
 * Reads the multipart form (`picture`, `pictureAlt`), stores the picture as every picture is stored (checked by its
 * bytes, turned upright, stripped of metadata, WebP at its widths: `readImageForm`) and answers its Markdown
 * (`pictureMarkdown`), status 200; a refusal (not a picture, too large, no alt text, no file) answers the message of
 * its field, status 400, and nothing is stored.
 * @throws a redirect to /login for a guest; a 400 Response for a malformed body
 */
export async function receiveMarkdownPicture(args: AdminArgs): Promise<{ answer: PictureAnswer; status: number }> {
  const { user, services } = adminRequest(args);
  const form = await readImageForm(args.request, services, { fields: [PICTURE_FIELD], by: authorOf(user) });
  const image = form.images[PICTURE_FIELD];
  if (image) return { answer: { markdown: pictureMarkdown(image), image }, status: 200 };
  const fieldErrors = Object.keys(form.fieldErrors).length > 0 ? form.fieldErrors : { [PICTURE_FIELD]: "Please choose a picture." };
  return { answer: { fieldErrors, values: { pictureAlt: form.fields.pictureAlt ?? "" } }, status: 400 };
}
