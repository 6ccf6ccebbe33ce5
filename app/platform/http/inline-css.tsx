/**
 * The site's stylesheet, inlined into every server-rendered document so that the first paint waits for no
 * second request (docs/decisions/005-inline-stylesheet.md). The server entry provides the text; in the browser the
 * component reads it back from the document, so hydration matches and the stylesheet is never in a script bundle.
 */
import { createContext, useContext } from "react";

/** React context: the stylesheet's text, set by the server entry only. */
export const InlineCssContext = createContext<string>("");

const ID = "site-css";

/** A `<style>` element with the site's stylesheet, allowed by the page's CSP nonce. */
export function InlineStylesheet({ nonce }: { nonce: string }) {
  const serverCss = useContext(InlineCssContext);
  const css = typeof document === "undefined" ? serverCss : (document.getElementById(ID)?.textContent ?? "");
  return <style id={ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}
