/**
 * Member email HTML as a person sent it (spec §7: the email worker takes `{subject, body}` with the body as HTML)
 * made safe to mail, and its plain-text part (issue 24, finding 8). The email worker is an HTTP endpoint: whoever
 * holds an administrator's session can post any HTML to it, not only the escaped paragraphs the Email Members screen
 * writes, so the HTML is cut down to an allow-list here by sanitize-html before it is queued:
 * - kept: paragraphs, line breaks, emphasis, lists, headings, quotations and links;
 * - links only to `http:`, `https:` and `mailto:` addresses (any case, entities and control characters seen through
 *   by sanitize-html), each with `rel="noopener noreferrer"`; a link to anything else keeps its text, not its address;
 * - dropped with what they hold: `<script>`, `<style>`, `<textarea>`, `<option>`, `<xmp>` (sanitize-html's
 *   `nonTextTags`); dropped keeping their text: every other element (`<img>`, `<iframe>`, `<form>`, `<svg>`,
 *   `<object>` …); every attribute but a link's address, so no event handler (`onerror=`), `style`, `class` or `id`;
 * - character references decoded as the HTML standard says, an invalid one (`&#x110000;`, `&#0;`) becoming U+FFFD.
 */
import { convert, type HtmlToTextOptions } from "html-to-text";
import sanitizeHtml from "sanitize-html";

const LINK_REL = "noopener noreferrer";

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "a"],
  // `rel` must be allowed for the transform's own value to survive; the transform overwrites whatever was sent.
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  // `//host/path` takes the scheme of wherever the mail is read (a webmail's https, or `file:` in a desktop client).
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: LINK_REL }) },
};

const TEXT_OPTIONS: HtmlToTextOptions = {
  // Mail clients wrap plain text themselves; a hard wrap at 80 would break the lines the sender wrote.
  wordwrap: false,
  selectors: [
    // One line per paragraph, as the Email Members screen's message was typed (`messageToHtml`).
    { selector: "p", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
  ],
};

/**
 * The HTML a person sent, cut down to what a member email needs (see the module's comment). Returns an HTML fragment,
 * "" when nothing is left. Never throws for any string.
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/**
 * The plain-text alternative of a mail's HTML, by html-to-text: one line per paragraph or line break, list items as
 * ` * item`, a link as `text [address]` (the address alone when it is the text), headings in capitals, entities
 * decoded (an invalid character reference as U+FFFD), trimmed. Made for `sanitizeMailHtml`'s output; for the
 * paragraphs `messageToHtml` writes it gives the message's non-empty lines back. Never throws for any string.
 */
export function htmlToText(html: string): string {
  return convert(html, TEXT_OPTIONS).trim();
}
