import { describe, expect, it } from "vitest";
import { messageToHtml } from "#app/platform/text/email-body.ts";
import { htmlToText, sanitizeMailHtml } from "./mail-html.server.ts";

describe("sanitizeMailHtml (issue 24: member mail HTML from the email worker)", () => {
  it("keeps what a message needs", () => {
    const html =
      `<h2>Annual meeting</h2><p>Dear <strong>members</strong>,<br>see <em>the</em> <a href="https://heronlake.example.org/news">news</a>.</p>` +
      `<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote><p><a href="mailto:board@heronlake.example.org">Write</a></p>`;
    expect(sanitizeMailHtml(html)).toBe(
      `<h2>Annual meeting</h2><p>Dear <strong>members</strong>,<br />see <em>the</em> <a href="https://heronlake.example.org/news" rel="noopener noreferrer">news</a>.</p>` +
        `<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote><p><a href="mailto:board@heronlake.example.org" rel="noopener noreferrer">Write</a></p>`,
    );
  });

  it("keeps messageToHtml's paragraphs as they are but for quotes, which need no escaping in text", () => {
    expect(sanitizeMailHtml(messageToHtml(`Line <one> & "two" 'three'`))).toBe(`<p>Line &lt;one&gt; &amp; "two" 'three'</p>`);
  });

  it.each([
    ["a script, with what it holds", `<p>a</p><script>alert(1)</script>`, `<p>a</p>`],
    ["a style, with what it holds", `<style>p{color:red}</style><p>a</p>`, `<p>a</p>`],
    ["an image with an event handler", `<p>a<img src=x onerror=alert(1)></p>`, `<p>a</p>`],
    ["an image with a data address", `<p>a<img src="data:image/svg+xml,<svg onload=alert(1)>"></p>`, `<p>a</p>`],
    ["an event handler and style on an allowed element", `<p onclick="alert(1)" style="color:red" class="x" id="y">a</p>`, `<p>a</p>`],
    ["a frame", `<iframe src="https://evil.example"></iframe><p>a</p>`, `<p>a</p>`],
    ["a form, keeping its text", `<form action="https://evil.example"><input name="password">Sign in</form>`, `Sign in`],
    ["an svg with onload", `<svg onload="alert(1)"><circle r="1"/></svg><p>a</p>`, `<p>a</p>`],
    ["an object and an embed", `<object data="x.swf"></object><embed src="x.swf"><p>a</p>`, `<p>a</p>`],
  ])("drops %s", (_what, html, expected) => {
    expect(sanitizeMailHtml(html)).toBe(expected);
  });

  it.each([
    `javascript:alert(1)`,
    `JaVaScRiPt:alert(1)`,
    ` javascript:alert(1)`,
    `java&#x09;script:alert(1)`,
    `&#106;avascript:alert(1)`,
    `vbscript:msgbox(1)`,
    `data:text/html,<script>alert(1)</script>`,
    `file:///etc/passwd`,
    `//evil.example/x`,
  ])("keeps a link's text but not the address %s", (href) => {
    expect(sanitizeMailHtml(`<a href="${href}" onmouseover="alert(1)">x</a>`)).toBe(`<a rel="noopener noreferrer">x</a>`);
  });

  it("sets its own rel and drops target on every link", () => {
    expect(sanitizeMailHtml(`<a href="https://a.example" rel="opener" target="_blank">a</a>`)).toBe(`<a href="https://a.example" rel="noopener noreferrer">a</a>`);
  });

  it("decodes an invalid character reference as U+FFFD instead of throwing", () => {
    expect(sanitizeMailHtml(`<p>a &#x110000; b &#0; c</p>`)).toBe(`<p>a \uFFFD b \uFFFD c</p>`);
  });
});

describe("htmlToText", () => {
  it("turns messageToHtml's output back into the lines of the message", () => {
    const message = `Line one & <two>\nLine "three" 'four'`;
    expect(htmlToText(sanitizeMailHtml(messageToHtml(message)))).toBe(message);
  });

  it("decodes numeric entities and line breaks", () => {
    expect(htmlToText("<p>caf&#233; &#x1F30A;<br>next</p>")).toBe("café 🌊\nnext");
  });

  it("gives U+FFFD for an invalid character reference instead of throwing a RangeError", () => {
    expect(htmlToText("<p>&#x110000; &#99999999999;</p>")).toBe("\uFFFD \uFFFD");
  });

  it("does not wrap long lines", () => {
    const line = "word ".repeat(40).trim();
    expect(htmlToText(`<p>${line}</p>`)).toBe(line);
  });

  it("writes links, lists and headings readably", () => {
    expect(
      htmlToText(`<h2>Meeting</h2><p>See <a href="https://a.example/n">the news</a> or https://a.example: <a href="https://a.example">https://a.example</a></p><ul><li>one</li><li>two</li></ul>`),
    ).toBe("MEETING\n\nSee the news [https://a.example/n] or https://a.example: https://a.example\n * one\n * two");
  });

  it("gives nothing for HTML without text", () => {
    expect(htmlToText(sanitizeMailHtml(`<script>alert(1)</script><style>p{}</style><img src=x>`))).toBe("");
  });
});
