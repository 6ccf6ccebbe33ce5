/**
 * The board's long texts (welcome, president's letter, FAQ answers, bylaws sections, page prose, news posts, event
 * details) are stored as Markdown and turned into HTML here, on the server, once per render of a loader: markdown-it
 * never reaches a browser bundle (decision 008).
 *
 * What stored text can and cannot do:
 * - raw HTML is off (`html: false`): `<b>`, `<script>`, `<img …>` are shown as the characters typed;
 * - links only to what markdown-it's default `validateLink` allows (not `javascript:`, `vbscript:` or `file:`) and never
 *   to a `data:` address (the default lets `data:image/gif|png|jpeg|webp` through, for images; a link gets none),
 *   each with `rel="nofollow noopener noreferrer"`; bare addresses are not turned into links (`linkify: false`);
 * - no images: `![alt](src)` is a "!" and a link to `src` (checked like any link), never an `<img>`, so a stored text
 *   cannot make a visitor's browser fetch anything;
 * - a single newline is a line break (`breaks: true`), as the plain-text display showed it;
 * - headings start at level 3: `#` and `##` become `<h3>`, `###`–`######` keep their level, so a text never outranks
 *   the page's own `<h1>` and section `<h2>`s.
 */
import MarkdownIt, { type RendererRule } from "markdown-it";

/** The lowest-numbered (most important) heading a stored text may make. */
export const TOP_HEADING_LEVEL = 3;

const LINK_REL = "nofollow noopener noreferrer";

const md = new MarkdownIt("default", { html: false, breaks: true, linkify: false, typographer: false });
md.disable("image");

const DATA_ADDRESS = /^data:/i;
const defaultValidateLink = md.validateLink.bind(md);
// markdown-it hands this the address already normalized (entities decoded, unsafe characters percent-encoded), as
// its default check sees it; a refused address leaves the link's source as text.
md.validateLink = (url) => defaultValidateLink(url) && !DATA_ADDRESS.test(url.trim());

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx]!.attrSet("rel", LINK_REL);
  return self.renderToken(tokens, idx, options);
};

/** `<h1>`/`<h2>` (and their closing tags) become `<h3>`; deeper headings keep their level. */
const demoteHeading: RendererRule = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  if (Number(token.tag.slice(1)) < TOP_HEADING_LEVEL) token.tag = `h${TOP_HEADING_LEVEL}`;
  return self.renderToken(tokens, idx, options);
};
md.renderer.rules.heading_open = demoteHeading;
md.renderer.rules.heading_close = demoteHeading;

/**
 * A stored Markdown text as HTML that is safe to put in the page as it is (see the module's comment for what is
 * allowed). "" for an empty or blank text; otherwise block elements (`<p>`, `<ul>`, `<ol>`, `<h3>`–`<h6>`,
 * `<blockquote>`, `<pre>`, `<table>`, `<hr>`) without a trailing newline. Never throws for any string.
 */
export function renderMarkdown(source: string): string {
  return md.render(source).trim();
}

/**
 * A one-line text (the home page's banner) as inline HTML, with the same dialect and rules as `renderMarkdown`
 * (bold, italic, code, links checked the same way; no raw HTML, no images): no paragraph, heading or list, so a `#`
 * or `- ` at the start stays as typed; a newline is a `<br>`. "" for an empty or blank text. Never throws.
 */
export function renderInlineMarkdown(source: string): string {
  return md.renderInline(source.trim());
}

/** A parser only (nothing it reads is rendered): it reads `![alt](src)` as an image, for `firstPicture`. */
const reader = new MarkdownIt("default", { html: false, breaks: true, linkify: false, typographer: false });

/**
 * A stored text as plain words for a summary (a page's description, structured data): the text of its paragraphs,
 * headings and lists without their marks, whitespace collapsed, cut at a word before `maxLength` characters with "…".
 * "" for an empty text. Never throws.
 */
export function markdownSummary(source: string, maxLength = 200): string {
  const words: string[] = [];
  for (const token of reader.parse(source, {})) {
    for (const child of token.children ?? []) {
      if (child.type === "text" || child.type === "code_inline") words.push(child.content);
      else if (child.type === "softbreak" || child.type === "hardbreak") words.push(" ");
    }
    if (token.type.endsWith("_close") && token.block) words.push(" ");
  }
  const text = words.join("").replace(/\s+/g, " ").trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length).replace(/[\s,.;:]+$/, "")}…`;
}

/**
 * The address of a stored text's first picture (`![alt](src)`), for its link preview: a picture of the site's own
 * (a path under `/images/`) or an `https:`/`http:` address; undefined when it has none.
 */
export function firstPicture(source: string): string | undefined {
  for (const token of reader.parse(source, {})) {
    for (const child of token.children ?? []) {
      const src = child.type === "image" ? String(child.attrGet("src") ?? "").trim() : undefined;
      if (src && (src.startsWith("/images/") || /^https?:\/\//i.test(src))) return src;
    }
  }
  return undefined;
}
