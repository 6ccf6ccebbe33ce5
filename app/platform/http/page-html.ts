/**
 * Texts the page carries once (issue 13): a stored text's HTML (news, events, FAQ answers, bylaws, page prose) is
 * in the document's markup, and the hydration data of that document holds only a reference to it, `{ md: key }`,
 * where the key is a hash of the HTML. While the browser hydrates, the `Markdown` component reads the HTML back from
 * the element the server rendered (`data-md="key"`) and keeps it by key for the rest of the visit. Data fetched
 * later (client navigation, live updates: `.data` requests) carries the HTML itself, as before.
 */
import { createContext } from "react";

/** A text's HTML, or (in a document's hydration data) the key of the element that holds it. */
export type Html = string | { md: string };

/** While the server renders a document: the HTML of each key its loaders handed out (see `page-html.server.ts`). */
export const PageHtmlContext = createContext<ReadonlyMap<string, string> | null>(null);

/** The HTML read from the page, by key, kept for the visit (a component that mounts again finds it here). */
const readFromPage = new Map<string, string>();

/**
 * The HTML to render for `html`, and the key to mark its element with (undefined for plain HTML).
 * @param server on the server, the document's keys (`PageHtmlContext`); null in the browser
 */
export function resolveHtml(html: Html, server: ReadonlyMap<string, string> | null): { content: string; key: string | undefined } {
  if (typeof html === "string") return { content: html, key: undefined };
  const key = html.md;
  let content = server?.get(key) ?? readFromPage.get(key);
  if (content === undefined && typeof document !== "undefined") {
    content = document.querySelector(`[data-md="${CSS.escape(key)}"]`)?.innerHTML;
    if (content !== undefined) readFromPage.set(key, content);
  }
  return { content: content ?? "", key };
}
