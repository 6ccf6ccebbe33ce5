/**
 * The Markdown renderer of the board's long texts (app/platform/text/markdown.server.ts): the formatting the toolbar makes
 * (bold, italic, links, lists, headings) comes out as HTML, a single newline is a line break, headings start at
 * <h3>, and no stored text makes markup of its own: the 52 XSS payloads of the browser test and the Markdown-specific
 * ones (script and data links, images, autolinks, reference definitions) leave no script, no event attribute, no
 * script or data address and no image in the HTML.
 */
import { describe, expect, it } from "vitest";
import { firstPicture, markdownSummary, ownPicture, pictureMarkdown, PROSE_PICTURE_SIZES, renderInlineMarkdown, renderMarkdown, renderPageMarkdown } from "./markdown.server.ts";
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

  it("a page's body (renderPageMarkdown) makes an outline under the page's <h1>: from <h2>, never skipping a level", () => {
    expect(renderPageMarkdown("### Before you launch\n\nCheck the plug.")).toBe("<h2>Before you launch</h2>\n<p>Check the plug.</p>");
    expect(renderPageMarkdown("# One\n## Two\n#### Four\n## Back")).toBe("<h2>One</h2>\n<h2>Two</h2>\n<h3>Four</h3>\n<h2>Back</h2>");
    expect(renderPageMarkdown("## A\n### B\n###### F")).toBe("<h2>A</h2>\n<h3>B</h3>\n<h4>F</h4>");
    expect(renderPageMarkdown("Title\n=====")).toBe("<h2>Title</h2>");
    // Each render starts its outline afresh; the other texts keep theirs.
    expect(renderPageMarkdown("#### Deep")).toBe("<h2>Deep</h2>");
    expect(renderMarkdown("#### Four")).toBe("<h4>Four</h4>");
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

  it("images from elsewhere are not rendered: no <img>, nothing fetched; what is left is a \"!\" and an ordinary link", () => {
    expect(renderMarkdown("![a loon](https://lake.example/loon.jpg)")).toBe('<p>!<a href="https://lake.example/loon.jpg" rel="nofollow noopener noreferrer">a loon</a></p>');
    expect(renderMarkdown("![a loon](//lake.example/images/0123456789abcdef0123456789abcdef/640.webp#640x480)")).not.toContain("<img");
    expect(renderMarkdown("![a loon](https://lake.example/images/0123456789abcdef0123456789abcdef/640.webp#640x480)")).not.toContain("<img");
    expect(renderMarkdown("![pic](data:image/png;base64,iVBORw0KGgo=)")).not.toMatch(/<img|<a/);
    expect(renderMarkdown('![x" onerror="alert(1)](javascript:alert(1))')).not.toMatch(/<img|<a|onerror="/);
  });

  it("our own pictures, written as pictureMarkdown writes them, are responsive <img>s with their size and alt text", () => {
    const id = "0123456789abcdef0123456789abcdef";
    const text = pictureMarkdown({ id, alt: "The dock [north] at dawn", width: 1280, height: 853 });
    expect(text).toBe(`![The dock \\[north\\] at dawn](/images/${id}/1280.webp#1280x853)`);
    expect(renderMarkdown(text)).toBe(
      `<p><img src="/images/${id}/640.webp" srcset="/images/${id}/320.webp 320w, /images/${id}/640.webp 640w, /images/${id}/960.webp 960w, /images/${id}/1280.webp 1280w" sizes="${PROSE_PICTURE_SIZES}" width="1280" height="853" alt="The dock [north] at dawn" loading="lazy" decoding="async"></p>`,
    );
    // A picture narrower than the smallest width has that one variant.
    expect(renderMarkdown(`![Small & "quoted"](/images/${id}/200.webp#200x100)`)).toContain(`<img src="/images/${id}/200.webp" srcset="/images/${id}/200.webp 200w" sizes="${PROSE_PICTURE_SIZES}" width="200" height="100" alt="Small &amp; &quot;quoted&quot;"`);
  });

  it("an address of ours not as pictureMarkdown writes it is not a picture: no size, a width we never make, another file", () => {
    const id = "0123456789abcdef0123456789abcdef";
    for (const src of [`/images/${id}/640.webp`, `/images/${id}/700.webp#700x500`, `/images/${id}/640.webp#960x500`, `/images/${id}/640.png#640x480`, `/images/${id.slice(1)}/640.webp#640x480`, `/images/${id}/640.webp#640x480?x`, `/images/../documents/1#640x480`]) {
      expect(renderMarkdown(`![a](${src})`), src).not.toContain("<img");
    }
    expect(renderInlineMarkdown(`![a](/images/${id}/640.webp#640x480)`)).not.toContain("<img");
    expect(ownPicture(`/images/${id}/1920.webp#1920x1080`)).toEqual({ id, width: 1920, height: 1080, widths: [320, 640, 960, 1280, 1920] });
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
  it("finds the first picture of the site's own (its largest variant), and nothing else", () => {
    const dock = `/images/${"a".repeat(32)}/1280.webp`;
    expect(firstPicture(`Text\n\n![Dock](${dock}#1280x960) and ![b](/images/${"b".repeat(32)}/640.webp#640x480)`)).toBe(dock);
    // Another address is shown as a link on the pages, so it is no picture for a preview either.
    expect(firstPicture("![x](https://example.org/a.jpg)")).toBeUndefined();
    expect(firstPicture(`![x](javascript:alert(1)) [link](${dock}#1280x960)`)).toBeUndefined();
    expect(firstPicture("No pictures.")).toBeUndefined();
  });
});
