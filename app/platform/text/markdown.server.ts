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
 * - images only of our own pictures (issue 28, decision 037): `![alt](/images/<id>/<width>.webp#<width>x<height>)`,
 *   the address `pictureMarkdown` writes for a stored picture, becomes a responsive `<img>` of that picture (its
 *   widths in `srcset`, its size in `width`/`height`, the alt text as written). Any other image address is a "!" and
 *   a link to it (checked like any link), never an `<img>`, so a stored text cannot make a visitor's browser fetch
 *   anything from elsewhere;
 * - a single newline is a line break (`breaks: true`), as the plain-text display showed it;
 * - headings start at level 3: `#` and `##` become `<h3>`, `###`–`######` keep their level, so a text never outranks
 *   the page's own `<h1>` and section `<h2>`s. A text that is a page's whole body under its `<h1>` (a board page, a
 *   news post's or an event's own page) is rendered with `renderPageMarkdown` instead: its headings start at `<h2>`
 *   and never go more than one level below the heading before them, so the page's outline has no gap whatever
 *   levels the board typed (WCAG 1.3.1; axe's and Lighthouse's heading-order audit).
 */
import MarkdownIt, { type RendererRule } from "markdown-it";
import { variantWidths } from "#app/platform/files/image-widths.ts";

/** The lowest-numbered (most important) heading a stored text may make. */
export const TOP_HEADING_LEVEL = 3;

const LINK_REL = "nofollow noopener noreferrer";

const md = new MarkdownIt("default", { html: false, breaks: true, linkify: false, typographer: false });

const DATA_ADDRESS = /^data:/i;
const defaultValidateLink = md.validateLink.bind(md);
// markdown-it hands this the address already normalized (entities decoded, unsafe characters percent-encoded), as
// its default check sees it; a refused address leaves the link's source as text.
md.validateLink = (url) => defaultValidateLink(url) && !DATA_ADDRESS.test(url.trim());

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx]!.attrSet("rel", LINK_REL);
  return self.renderToken(tokens, idx, options);
};

/**
 * A picture of ours as the Markdown names it: `/images/<32 hex digits>/<largest width>.webp#<width>x<height>`. The
 * fragment carries the size of the largest variant, so the `<img>` reserves its box with no database read; the
 * widths below it follow from the largest (`variantWidths`).
 */
const OWN_PICTURE = /^\/images\/([0-9a-f]{32})\/(\d{1,4})\.webp#(\d{1,4})x(\d{1,5})$/;

/** How wide a picture in a text is shown: the text column (about 44rem) at most, the screen's width below that. */
export const PROSE_PICTURE_SIZES = "(min-width: 48rem) 44rem, 100vw";

/** The picture an image address names, when it is one of ours written as `pictureMarkdown` writes it. */
export function ownPicture(src: string): { id: string; width: number; height: number; widths: number[] } | undefined {
  const match = OWN_PICTURE.exec(src);
  if (!match) return undefined;
  const [, id, named, w, h] = match;
  const width = Number(w);
  const height = Number(h);
  if (Number(named) !== width || width < 1 || height < 1) return undefined;
  const widths = variantWidths(width);
  if (widths.at(-1) !== width) return undefined;
  return { id: id!, width, height, widths };
}

/**
 * The Markdown of a stored picture, to put in any text: `![alt](/images/<id>/<width>.webp#<width>x<height>)`, the alt
 * text on one line with the characters that would end it escaped.
 * @param image a stored picture (`StoredImage`): its id, alt text and the size of its largest variant in pixels
 */
export function pictureMarkdown(image: { id: string; alt: string; width: number; height: number }): string {
  const alt = image.alt.replace(/\s+/g, " ").trim().replace(/[\\[\]]/g, (c) => `\\${c}`);
  return `![${alt}](/images/${image.id}/${image.width}.webp#${image.width}x${image.height})`;
}

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet("src") ?? "");
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const escape = (text: string | number) => md.utils.escapeHtml(String(text));
  // A one-line text (the banner) takes no picture, not even ours.
  const picture = (env as { inline?: boolean } | undefined)?.inline ? undefined : ownPicture(src);
  // Not ours: what the text showed before pictures were allowed, a "!" and a link, fetching nothing.
  if (!picture) return `!<a href="${escape(src)}" rel="${LINK_REL}">${escape(alt)}</a>`;
  const url = (w: number) => `/images/${picture.id}/${w}.webp`;
  const middle = picture.widths[Math.floor((picture.widths.length - 1) / 2)]!;
  const srcset = picture.widths.map((w) => `${url(w)} ${w}w`).join(", ");
  return `<img src="${url(middle)}" srcset="${srcset}" sizes="${PROSE_PICTURE_SIZES}" width="${picture.width}" height="${picture.height}" alt="${escape(alt)}" loading="lazy" decoding="async">`;
};

/** The highest heading a text that is a page's whole body under its `<h1>` may make (`renderPageMarkdown`). */
export const PAGE_TOP_HEADING_LEVEL = 2;

/** What a render of a page's body keeps between its headings: the level of the last heading written. */
type PageOutline = {
  outline: { previous: number };
};

/**
 * A heading's level as written. In a text: `<h1>`/`<h2>` become `<h3>`, deeper headings keep their level. In a
 * page's body (`renderPageMarkdown`, env holds `outline`): at least `<h2>`, and at most one level below the heading
 * before it (the page's `<h1>` before the first). The closing tag (two tokens on: open, inline, close) follows.
 */
const headingLevel: RendererRule = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const typed = Number(token.tag.slice(1));
  const outline = (env as Partial<PageOutline> | undefined)?.outline;
  const level = outline
    ? Math.max(PAGE_TOP_HEADING_LEVEL, Math.min(typed, outline.previous + 1))
    : Math.max(TOP_HEADING_LEVEL, typed);
  if (outline) outline.previous = level;
  token.tag = `h${level}`;
  const close = tokens[idx + 2];
  if (close?.type === "heading_close") close.tag = token.tag;
  return self.renderToken(tokens, idx, options);
};
md.renderer.rules.heading_open = headingLevel;

/**
 * A stored Markdown text as HTML that is safe to put in the page as it is (see the module's comment for what is
 * allowed). "" for an empty or blank text; otherwise block elements (`<p>`, `<ul>`, `<ol>`, `<h3>`–`<h6>`,
 * `<blockquote>`, `<pre>`, `<table>`, `<hr>`) without a trailing newline. Never throws for any string.
 */
export function renderMarkdown(source: string): string {
  return md.render(source).trim();
}

/**
 * A stored text that is a page's whole body under the page's `<h1>` (a board page at /more/<slug>, a news post's or
 * an event's own page): as `renderMarkdown`, but its headings make an outline under the `<h1>`: each at least `<h2>`
 * and at most one level below the one before it (`### Before you launch` as the first heading is an `<h2>`; a
 * `####` after it an `<h3>`). Never throws.
 */
export function renderPageMarkdown(source: string): string {
  const env: PageOutline = { outline: { previous: 1 } };
  return md.render(source, env).trim();
}

/**
 * A one-line text (the home page's banner) as inline HTML, with the same dialect and rules as `renderMarkdown`
 * (bold, italic, code, links checked the same way; no raw HTML, no images, not even ours): no paragraph, heading or list, so a `#`
 * or `- ` at the start stays as typed; a newline is a `<br>`. "" for an empty or blank text. Never throws.
 */
export function renderInlineMarkdown(source: string): string {
  return md.renderInline(source.trim(), { inline: true });
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
 * The address of a stored text's first picture, for its link preview and feed entry: a picture of the site's own as
 * `pictureMarkdown` writes it, as its largest variant (`/images/<id>/<width>.webp`, no size fragment); undefined when
 * it has none. A picture at another address is not one: the pages show it as a link, so previews do too.
 */
export function firstPicture(source: string): string | undefined {
  for (const token of reader.parse(source, {})) {
    for (const child of token.children ?? []) {
      const picture = child.type === "image" ? ownPicture(String(child.attrGet("src") ?? "").trim()) : undefined;
      if (picture) return `/images/${picture.id}/${picture.width}.webp`;
    }
  }
  return undefined;
}
