import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/markdown-picture";
import { FormAlert, FormField } from "#app/ui/FormField.tsx";
import { ImageField } from "#app/ui/ImageField.tsx";
import { Picture } from "#app/ui/Picture.tsx";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { imageFormBody } from "#app/platform/files/upload-limits.ts";
import { receiveMarkdownPicture, type PictureAnswer } from "#app/web/markdown-picture.server.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("markdown-picture");

/** One picture, read up to twice the picture limit so that an oversized one gets its message. */
export const handle: RouteHandle = { body: imageFormBody(1) };

export function meta() {
  return screenMeta(SCREEN);
}

export function loader(args: Route.LoaderArgs) {
  adminRequest(args);
  return null;
}

/**
 * The upload page without JavaScript (issue 28): stores the picture like every picture and shows the Markdown that
 * puts it in a text, to copy (`receiveMarkdownPicture`); a refusal shows the form with its message (400). With
 * JavaScript the editor's "Insert picture" posts to /admin/markdown-picture/upload instead.
 */
export async function action(args: Route.ActionArgs) {
  const { answer, status } = await receiveMarkdownPicture(args);
  return data(answer, { status });
}

export default function MarkdownPicture({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answer = actionData as PictureAnswer | undefined;
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
        <ImageField name="picture" label={answer?.markdown ? "Another picture" : "The picture"} result={answer?.markdown ? null : answer} />
        <p>
          <button type="submit" className="button" disabled={busy}>
            Upload picture
          </button>
        </p>
      </Form>
    </>
  );
}
