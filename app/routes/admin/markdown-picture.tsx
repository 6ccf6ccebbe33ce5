import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/markdown-picture";
import { FormAlert, FormField } from "#app/ui/FormField.tsx";
import { ImageField } from "#app/ui/ImageField.tsx";
import { Picture, type PictureImage } from "#app/ui/Picture.tsx";
import { adminRequest, authorOf } from "#app/web/admin-screens.server.ts";
import { readImageForm } from "#app/platform/files/images.server.ts";
import { imageFormBody } from "#app/platform/files/upload-limits.ts";
import { pictureMarkdown } from "#app/platform/text/markdown.server.ts";
import type { FormResult } from "#app/platform/text/forms.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("markdown-picture");

/** The file input's name (its alt text is `pictureAlt`), here and in the editor's "Insert picture" (MarkdownField). */
export const PICTURE_FIELD = "picture";

/** One picture, read up to twice the picture limit so that an oversized one gets its message. */
export const handle: RouteHandle = { body: imageFormBody(1) };

export function meta() {
  return screenMeta(SCREEN);
}

export function loader(args: Route.LoaderArgs) {
  adminRequest(args);
  return null;
}

/** What the action answers: the picture stored and its Markdown, or the form's errors. */
type Answer = FormResult & { markdown?: string; image?: PictureImage };

/**
 * Stores a picture for a Markdown text (issue 28): checked, turned upright, stripped of metadata and resized like
 * every picture (`readImageForm`), then answered as the Markdown that shows it (`pictureMarkdown`). The editor's
 * "Insert picture" asks for JSON (`Accept: application/json`) and puts the Markdown in the text; without JavaScript
 * this page shows it, to copy into the text. A refused picture (type, size, no alt text) answers 400 with the message
 * of its field, and nothing is stored.
 */
export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const form = await readImageForm(args.request, services, { fields: [PICTURE_FIELD], by: authorOf(user) });
  const image = form.images[PICTURE_FIELD];
  let answer: Answer;
  let status = 200;
  if (image) answer = { markdown: pictureMarkdown(image), image };
  else {
    const fieldErrors = Object.keys(form.fieldErrors).length > 0 ? form.fieldErrors : { [PICTURE_FIELD]: "Please choose a picture." };
    answer = { fieldErrors, values: { pictureAlt: form.fields.pictureAlt ?? "" } };
    status = 400;
  }
  return data(answer, { status });
}

export default function MarkdownPicture({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answer = actionData as Answer | undefined;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p className="muted">
        Upload a picture for a text of the site (a news post, an event, a page, an answer). Then copy the line it gives you into the text where the picture should be.
      </p>
      {answer?.markdown && answer.image && (
        <section className="stack" aria-labelledby="picture-ready">
          <h2 id="picture-ready">Your picture is ready</h2>
          <Picture image={answer.image} sizes="20rem" className="picture-ready" />
          <FormField name="markdown" label="Copy this line into your text" rows={2} defaultValue={answer.markdown} readOnly required={false} />
        </section>
      )}
      <FormAlert result={answer?.markdown ? null : answer} />
      <Form method="post" encType="multipart/form-data" className="stack">
        <ImageField name={PICTURE_FIELD} label={answer?.markdown ? "Another picture" : "The picture"} result={answer?.markdown ? null : answer} />
        <p>
          <button type="submit" className="button" disabled={busy}>
            Upload picture
          </button>
        </p>
      </Form>
    </>
  );
}
