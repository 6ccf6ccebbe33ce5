/**
 * What a visitor typed in the search box, made safe for the databases' full-text search, and the highlighted text the
 * databases give back, made into pieces a page shows (decision 039). Pure; shared by the search data module and the
 * search page.
 *
 * A query is never handed to FTS5's or PostgreSQL's query language as typed: it is cut into words (letters and digits,
 * any script), and only those words reach the database, each quoted as a string (FTS5) or through
 * `plainto_tsquery` (PostgreSQL). So `"`, `AND(`, `e. coli`, `NEAR/2` or `-*` can never be a syntax error: at worst
 * they are no words at all.
 */

/** Most characters of a query (a longer one is refused with a message, not cut). */
export const MAX_QUERY_LENGTH = 200;

/** Most words a query is searched for; the rest are ignored (every word must match, so more find nothing anyway). */
export const MAX_QUERY_WORDS = 10;

/**
 * Words too common to search for, left out on both back ends alike (PostgreSQL's English configuration drops them;
 * FTS5 would demand them): a short list of the commonest English ones, a subset of PostgreSQL's.
 */
const STOP_WORDS = new Set([
  "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "from", "has", "have", "i", "if", "in", "into", "is", "it",
  "its", "my", "of", "on", "or", "our", "s", "so", "t", "than", "that", "the", "their", "then", "there", "these", "they", "this",
  "to", "was", "we", "were", "what", "when", "where", "which", "who", "will", "with", "you", "your",
]);

/** The outcome of reading a query. */
export type SearchQuery =
  | { kind: "empty" }
  | { kind: "too-long"; length: number }
  /** Only punctuation or words too common to search for ("the", "?!"). */
  | { kind: "no-words" }
  | { kind: "words"; words: string[] };

/**
 * Reads what was typed (`q` of /search?q=…; null when absent).
 * @returns "empty" for nothing but spaces; "too-long" past `MAX_QUERY_LENGTH` characters; "no-words" when nothing
 *   is left to search for; else the words, lower-cased, without duplicates, at most `MAX_QUERY_WORDS`
 */
export function readQuery(q: string | null): SearchQuery {
  const text = (q ?? "").trim();
  if (text === "") return { kind: "empty" };
  const length = [...text].length;
  if (length > MAX_QUERY_LENGTH) return { kind: "too-long", length };
  const words = [...new Set((text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP_WORDS.has(w)))].slice(0, MAX_QUERY_WORDS);
  return words.length === 0 ? { kind: "no-words" } : { kind: "words", words };
}

/**
 * The words as an FTS5 MATCH expression: each a string in double quotes (so never an operator or a column filter),
 * all required ("lake" "geese"). The words hold only letters and digits, so there is nothing inside to escape; the
 * doubling of quotes is there in case that ever changes.
 */
export function ftsMatch(words: readonly string[]): string {
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(" ");
}

/**
 * The markers the databases put around a matched word (`highlight()`/`snippet()`, `ts_headline`): control characters,
 * which no stored text holds (every submitted field loses its control characters, `cleanText`). They only ever become
 * `<mark>` elements through React, after the text around them is escaped as any text is.
 */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

/** A piece of a highlighted text: plain, or a matched word. */
export interface TextPiece {
  text: string;
  marked: boolean;
}

/**
 * Cuts a text with highlight markers into pieces; unmatched or stray markers are dropped, never shown. Empty pieces
 * are left out, neighbours of the same kind merged.
 */
export function highlightPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let marked = false;
  let start = 0;
  const add = (part: string) => {
    if (part === "") return;
    const last = pieces.at(-1);
    if (last && last.marked === marked) last.text += part;
    else pieces.push({ text: part, marked });
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== MARK_START && c !== MARK_END) continue;
    add(text.slice(start, i));
    marked = c === MARK_START;
    start = i + 1;
  }
  add(text.slice(start));
  return pieces;
}

/**
 * A Markdown excerpt as reading text: link targets, emphasis stars and underscores, heading and quote marks and list
 * bullets dropped, lines joined. The excerpt may start or end inside a link; what is left is still only text. The
 * highlight markers pass through untouched.
 */
export function plainExcerpt(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)\s]*\)/g, "$1")
    .replace(/\]\([^)\s]*\)?/g, "")
    .replace(/\(https?:\/\/[^)\s]*\)?/g, "")
    .replace(/^\s*(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/(\*\*|__|\*|`|~~)/g, "")
    .replace(/(^|\s)_([^_\s])/g, "$1$2")
    .replace(/([^_\s])_(?=\s|$|[.,;:!?])/g, "$1")
    .replace(/[[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
