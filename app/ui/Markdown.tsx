import { useContext } from "react";
import { PageHtmlContext, resolveHtml, type Html } from "#app/platform/http/page-html.ts";

/**
 * A stored text's HTML, as `renderMarkdown` (app/platform/text/markdown.server.ts) made it in the route's loader: the HTML
 * itself, or in a document's hydration data a reference to the element that already holds it (`page-html.ts`).
 * Only that function's output may be passed here: it is put in the page as it is.
 */
export function Markdown({ html, className }: { html: Html; className?: string }) {
  return <RenderedHtml html={html} className={className ? `prose-md ${className}` : "prose-md"} />;
}

/**
 * HTML the server wrote for the page in a loader (`htmlFor`, app/platform/http/page-html.server.ts), such as
 * /the-lake's sections of the other sites: put in the page as it is, in a plain `<div>`, carried once as `Markdown`'s
 * texts are. Only such HTML may be passed here.
 */
export function RenderedHtml({ html, className }: { html: Html; className?: string }) {
  const { content, key } = resolveHtml(html, useContext(PageHtmlContext));
  return <div className={className} data-md={key} dangerouslySetInnerHTML={{ __html: content }} />;
}
