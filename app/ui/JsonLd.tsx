/**
 * A page's structured data (schema.org JSON-LD, its text made by `jsonLdText`) as a `<script type="application/ld+json">`.
 * It carries the request's CSP nonce like every inline script; a page kept by the page cache names it by its hash
 * instead (server/page-version.ts). The loader hands it out with `markdownFor(context, …)`: on a document request the
 * hydration data holds only a reference and the text is read back from this element (app/platform/http/page-html.ts),
 * so the data is sent once, and no script runs for it.
 */
import { useContext } from "react";
import { NonceContext } from "#app/platform/http/nonce.ts";
import { PageHtmlContext, resolveHtml, type Html } from "#app/platform/http/page-html.ts";

export function JsonLd({ text }: { text: Html }) {
  const nonce = useContext(NonceContext);
  const { content, key } = resolveHtml(text, useContext(PageHtmlContext));
  return <script type="application/ld+json" nonce={nonce} data-md={key} dangerouslySetInnerHTML={{ __html: content }} />;
}
