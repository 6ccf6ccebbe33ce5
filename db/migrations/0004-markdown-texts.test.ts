/**
 * Migration 0004's rewrite of old plain texts (news posts, event details) into Markdown: after it, `renderMarkdown`
 * shows every text as the plain-text display did — the same characters, the same line breaks and paragraphs — and
 * makes no formatting of its own (only <p> and <br>).
 */
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "#app/platform/text/markdown.server.ts";
import { plainTextToMarkdown } from "#db/migrations/0004-markdown-texts.ts";
import { MARKDOWN_PAYLOADS, PAYLOADS } from "../../tests/support/xss-payloads.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"' };

/** The text a reader sees in rendered Markdown made only of paragraphs and line breaks; throws on any other tag. */
function visibleText(html: string): string {
  const other = html.match(/<(?!\/?p>|br>)[^>]*>/);
  if (other) throw new Error(`formatting made: ${other[0]} in ${html}`);
  return html
    .replace(/<br>\n?/g, "\n")
    .replace(/<\/p>\n?<p>/g, "\n\n")
    .replace(/<\/?p>/g, "")
    .replace(/&(amp|lt|gt|quot);/g, (_all, name: string) => ENTITIES[name]!);
}

/** How the plain-text display read: Windows line ends, trailing spaces, runs of blank lines and indentation aside. */
function asShown(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const roundTrip = (text: string) => asShown(visibleText(renderMarkdown(plainTextToMarkdown(text))).replace(/\u00a0/g, " "));

const OLD_TEXTS = [
  "Thank you to the 34 neighbours who came out.\nTogether we filled 41 bags.",
  "*stars* and **double** and _under_ and __double__",
  "# not a heading\n## nor this\nTitle\n=====\nOther\n-----",
  "1. not a list\n2) nor this\n- nor this\n+ nor this\n* nor this\n10. no",
  "<b>tags</b> <i>stay</i> <!-- text -->",
  "[x](javascript:alert(1)) [y][1]\n\n[1]: https://example.org",
  "![img](https://example.org/x.png) <https://example.org> https://example.org",
  "> not a quote\n>> nor this",
  "`code` and ```fence```\n```\nnot a block\n```\n~~~\nnor this\n~~~",
  "    four spaces are not code\n\tnor a tab",
  "a | table | row\n--- | ---\n1 | 2",
  "~~not struck~~ and a \\ backslash and \\*escaped\\* stars",
  "&amp; &copy; &#169; &#xA9; & alone AT&T",
  "Line one\r\nLine two\r\n\r\nParagraph two",
  "trailing spaces  \nand a break\n\n\n\nmany blank lines",
  "snake_case_name 3*4*5 2 > 1 < 3 a_b_",
  "-5 degrees\n+3 feet\n=equals\n***\n___\n- - -",
  "",
];

describe("plainTextToMarkdown", () => {
  it.each(OLD_TEXTS.map((t) => [JSON.stringify(t).slice(0, 50), t]))("%s reads the same after the upgrade", (_name, text) => {
    expect(roundTrip(text as string)).toBe(asShown(text as string));
  });

  it.each([...PAYLOADS, ...MARKDOWN_PAYLOADS].map((t, i) => [i, t]))("payload %i reads the same and stays text", (_i, text) => {
    expect(roundTrip(text as string)).toBe(asShown(text as string));
  });

  it("keeps indentation visible with no-break spaces, so it neither makes a code block nor disappears", () => {
    expect(plainTextToMarkdown("    indented\n\tTabbed")).toBe("\u00a0\u00a0\u00a0\u00a0indented\n\u00a0\u00a0\u00a0\u00a0Tabbed");
  });

  it("escapes only what Markdown would read: ordinary text stays as it was", () => {
    expect(plainTextToMarkdown("Open to all members. The agenda is posted a week ahead.")).toBe("Open to all members. The agenda is posted a week ahead.");
    expect(plainTextToMarkdown("1. first")).toBe("1\\. first");
    expect(plainTextToMarkdown("*a* [b](c)")).toBe("\\*a\\* \\[b\\]\\(c\\)");
    expect(plainTextToMarkdown("Fish & chips &amp;")).toBe("Fish & chips \\&amp;");
  });
});
