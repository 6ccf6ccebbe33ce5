/**
 * The member email body (spec §7): the message as HTML paragraphs, one per non-empty line, with characters escaped.
 * The server sanitises whatever HTML reaches the email worker and makes its plain-text part (`mail-html.server.ts`).
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes the five HTML-significant characters. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * "Hello\n\n<World>" → "<p>Hello</p><p>&lt;World&gt;</p>". Lines are split on CR, LF or CRLF; a line of only white
 * space counts as empty; each kept line is trimmed.
 */
export function messageToHtml(message: string): string {
  return message
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
}
