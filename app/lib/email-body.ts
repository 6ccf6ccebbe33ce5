/**
 * The member email body (spec §7): the message as HTML paragraphs, one per non-empty line, with characters escaped;
 * and the plain-text part made back from such HTML.
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

/**
 * The plain-text alternative of an HTML body: one paragraph a line, tags removed, entities decoded (the five above,
 * `&nbsp;` and numeric ones). Made for the bodies `messageToHtml` writes, which it turns back into the message.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/p>\s*/gi, "\n")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp|#39);/gi, (entity, code: string) => {
      const lower = code.toLowerCase();
      if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith("#")) return String.fromCodePoint(Number(lower.slice(1)));
      return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " }[lower] ?? entity;
    })
    .trim();
}
