/**
 * The Markdown renderer of the board's long texts (app/platform/text/markdown.server.ts): the formatting the toolbar makes
 * (bold, italic, links, lists, headings) comes out as HTML, a single newline is a line break, headings start at
 * <h3>, and no stored text makes markup of its own: the 52 XSS payloads of the browser test and the Markdown-specific
 * ones (script and data links, images, autolinks, reference definitions) leave no script, no event attribute, no
 * script or data address and no image in the HTML.
 */
import { describe, expect, it } from "vitest";
import { firstPicture, markdownSummary, renderInlineMarkdown, renderMarkdown } from "./markdown.server.ts";
import { dangers, MARKDOWN_PAYLOADS, PAYLOADS } from "../../../tests/support/xss-payloads.ts";

describe("renderMarkdown: formatting", () => {
  it("bold, italic, bulleted and numbered lists", () => {
    expect(renderMarkdown("**bold** and _italic_")).toBe("<p><strong>bold</strong> and <em>italic</em></p>");
    expect(renderMarkdown("- one\n- two")).toBe("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(renderMarkdown("1. one\n2. two")).toBe("<ol>\n<li>one</li>\n<li>two</li>\n</ol>");
  });

  it("links carry rel=nofollow noopener noreferrer; bare addresses stay text", () => {
    expect(renderMarkdown("[Town](https://town.example/lake)")).toBe('<p><a href="https://town.example/lake" rel="nofollow noopener noreferrer">Town</a></p>');
    expect(renderMarkdown("[Mail us](mailto:board@lake.example)")).toContain('href="mailto:board@lake.example"');
    expect(renderMarkdown("See https://town.example")).toBe("<p>See https://town.example</p>");
  });

  it("headings start at <h3>: # and ## become <h3>, deeper ones keep their level", () => {
    expect(renderMarkdown("# One")).toBe("<h3>One</h3>");
    expect(renderMarkdown("## Two")).toBe("<h3>Two</h3>");
    expect(renderMarkdown("### Three")).toBe("<h3>Three</h3>");
    expect(renderMarkdown("#### Four\n###### Six")).toBe("<h4>Four</h4>\n<h6>Six</h6>");
    expect(renderMarkdown("Title\n=====")).toBe("<h3>Title</h3>");
  });

  it("a single newline is a line break, a blank line a new paragraph; an empty text is empty", () => {
    expect(renderMarkdown("Bring binoculars.\nDress warmly.")).toBe("<p>Bring binoculars.<br>\nDress warmly.</p>");
    expect(renderMarkdown("One.\n\nTwo.")).toBe("<p>One.</p>\n<p>Two.</p>");
    expect(renderMarkdown("")).toBe("");
    expect(renderMarkdown("  \n\n ")).toBe("");
  });

  it("raw HTML is shown as the characters typed", () => {
    expect(renderMarkdown(`<b>bold</b> & "quotes"`)).toBe("<p>&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;</p>");
  });

  it("images are not rendered: no <img>, nothing fetched; what is left is a \"!\" and an ordinary link", () => {
    expect(renderMarkdown("![a loon](https://lake.example/loon.jpg)")).toBe('<p>!<a href="https://lake.example/loon.jpg" rel="nofollow noopener noreferrer">a loon</a></p>');
  });

  it("no link to a data: address, not even an image's (markdown-it's default check lets those through)", () => {
    expect(renderMarkdown("[pic](data:image/png;base64,iVBORw0KGgo=)")).toBe("<p>[pic](data:image/png;base64,iVBORw0KGgo=)</p>");
    expect(renderMarkdown("<data:image/gif;base64,R0lGODlh>")).toBe("<p>&lt;data:image/gif;base64,R0lGODlh&gt;</p>");
    // An address that merely mentions data: is still a link.
    expect(renderMarkdown("[data](https://lake.example/data:2025)")).toContain('href="https://lake.example/data:2025"');
  });
});

describe("renderMarkdown: hostile text stays inert", () => {
  it("the checker itself finds what it looks for", () => {
    expect(dangers('<p><a href="javascript:alert(1)">x</a></p>')).not.toEqual([]);
    expect(dangers('<a href="&#106;avascript:x">x</a>')).not.toEqual([]);
    expect(dangers('<p onclick="x">x</p>')).not.toEqual([]);
    expect(dangers('<a href="https://ok.example" title="a&quot; onclick=&quot;x">x</a>')).toEqual([]);
    expect(dangers('<img src="x">')).not.toEqual([]);
    expect(dangers("<script>x</script>")).not.toEqual([]);
    expect(dangers('<p><a href="https://ok.example" rel="nofollow">ok</a></p>')).toEqual([]);
  });

  it.each(PAYLOADS.map((p, i) => [i + 1, p]))("classic payload %i", (_i, payload) => {
    expect(dangers(renderMarkdown(payload as string))).toEqual([]);
    // Also inside Markdown that makes markup around it.
    expect(dangers(renderMarkdown(`# ${payload}\n\n- **${payload}**\n- [${payload}](https://ok.example)\n\n> ${payload}`))).toEqual([]);
  });

  it.each(MARKDOWN_PAYLOADS.map((p, i) => [i + 1, p]))("Markdown payload %i", (_i, payload) => {
    const html = renderMarkdown(payload as string);
    expect(dangers(html)).toEqual([]);
    expect(html).not.toMatch(/href="(javascript|vbscript|data|file):/i);
  });

  it("all of them in one text", () => {
    const html = renderMarkdown([...PAYLOADS, ...MARKDOWN_PAYLOADS].join("\n\n"));
    expect(dangers(html)).toEqual([]);
    expect(html).not.toContain("<a href=\"javascript");
  });
});

describe("renderInlineMarkdown: the banner's one line", () => {
  it("bold, italic and links as in the long texts, with no paragraph around them", () => {
    expect(renderInlineMarkdown("**Beach closed** until _Friday_: [Details](https://town.example/beach)")).toBe(
      '<strong>Beach closed</strong> until <em>Friday</em>: <a href="https://town.example/beach" rel="nofollow noopener noreferrer">Details</a>',
    );
  });

  it("no blocks: a heading mark or a list mark stays as typed; blank is empty", () => {
    expect(renderInlineMarkdown("# Not a heading")).toBe("# Not a heading");
    expect(renderInlineMarkdown("- not a list")).toBe("- not a list");
    expect(renderInlineMarkdown("  \n ")).toBe("");
  });

  it.each([...PAYLOADS, ...MARKDOWN_PAYLOADS].map((p, i) => [i + 1, p]))("payload %i leaves nothing dangerous", (_i, payload) => {
    expect(dangers(renderInlineMarkdown(payload as string))).toEqual([]);
  });
});

describe("markdownSummary and firstPicture (issue 28: descriptions and link previews)", () => {
  it("gives the words of a text without its marks, cut at a word", () => {
    expect(markdownSummary("# Ice out\n\nThe lake is **open**.\n- boats\n- `docks`")).toBe("Ice out The lake is open. boats docks");
    expect(markdownSummary("")).toBe("");
    expect(markdownSummary("one two three four five", 12)).toBe("one two…");
  });
  it("finds the first picture of the site's own or at a web address, and nothing else", () => {
    expect(firstPicture("Text\n\n![Dock](/images/abc/640.webp) and ![b](/images/def/320.webp)")).toBe("/images/abc/640.webp");
    expect(firstPicture("![x](https://example.org/a.jpg)")).toBe("https://example.org/a.jpg");
    expect(firstPicture("![x](javascript:alert(1)) [link](/images/a/1.webp)")).toBeUndefined();
    expect(firstPicture("No pictures.")).toBeUndefined();
  });
});
