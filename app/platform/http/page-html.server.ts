/**
 * The server's half of `page-html.ts`: loaders turn Markdown into HTML with `markdownFor(context)`, which on a
 * document request hands out a reference and keeps the HTML for the render, and on a `.data` request returns the
 * HTML itself.
 */
import { createHash } from "node:crypto";
import { createContext, type RouterContextProvider } from "react-router";
import { renderMarkdown } from "#app/platform/text/markdown.server.ts";
import type { Html } from "./page-html.ts";

/** The HTML each key stands for, in the document being rendered; set per request by the Express app. */
export const pageHtmlContext = createContext<Map<string, string> | null>(null);

/**
 * A function that hands HTML the server wrote (and that is safe to put in the page as it is) to this request's
 * loader data: the HTML itself on a data request (or when the request has no document map), a `{ md }` reference on
 * a document request, the HTML kept for the render. An empty HTML stays "" so that `html && …` checks keep working.
 */
export function htmlFor(context: Readonly<RouterContextProvider>): (html: string) => Html {
  const page = context.get(pageHtmlContext);
  return (html) => {
    if (!page || html === "") return html;
    const key = createHash("sha256").update(html).digest("base64url").slice(0, 16);
    page.set(key, html);
    return { md: key };
  };
}

/**
 * A function that renders Markdown (`renderMarkdown`) for this request's loader data, as `htmlFor` hands it out.
 * @param render the renderer: `renderMarkdown` (blocks) unless given, `renderInlineMarkdown` for a line of text
 */
export function markdownFor(context: Readonly<RouterContextProvider>, render: (source: string) => string = renderMarkdown): (source: string) => Html {
  const keep = htmlFor(context);
  return (source) => keep(render(source));
}
