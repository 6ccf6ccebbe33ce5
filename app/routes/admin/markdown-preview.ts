import { redirect } from "react-router";
import type { Route } from "./+types/markdown-preview";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { formFields } from "#app/platform/text/forms.ts";
import { renderInlineMarkdown, renderMarkdown } from "#app/platform/text/markdown.server.ts";
import { fillNumbers, getAssociationNumbers } from "#app/site/data/governance.server.ts";

/** The longest text previewed, in characters (the longest text a form takes is 10,000). */
const MAX_PREVIEW = 20_000;

/**
 * `POST /admin/markdown-preview` (form fields `text`, and `inline=1` for a one-line text such as the banner): the HTML
 * the public pages would show for this text, made by the same functions (`fillNumbers`, then `renderMarkdown` or
 * `renderInlineMarkdown`), as `text/html` for a Markdown field's preview. Nothing is saved. An administrator only
 * (the admin layout's guard and `adminRequest`).
 */
export async function action(args: Route.ActionArgs) {
  const { services } = adminRequest(args);
  const form = formFields(await args.request.formData());
  const text = (form.text ?? "").slice(0, MAX_PREVIEW);
  const filled = fillNumbers(text, await getAssociationNumbers(services.db));
  const html = form.inline === "1" ? renderInlineMarkdown(filled) : renderMarkdown(filled);
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });
}

/** Nothing to show by itself: the admin home. */
export function loader(args: Route.LoaderArgs) {
  adminRequest(args);
  return redirect("/admin");
}
