/**
 * Hostile text for the XSS tests: the browser test (tests/e2e/hostile/xss.spec.ts) posts them through every text field
 * and the unit test of the Markdown renderer (app/platform/text/markdown.server.test.ts) renders them.
 */
/** The attribute every markup-making payload carries: an element with it in a page means the payload got through. */
export const XSS_MARK = "data-xss";
const MARK = XSS_MARK;
/** Classic vectors (OWASP XSS filter evasion cheat sheet and PortSwigger's list), each marked where it makes markup. */
export const PAYLOADS = [
  `<script ${MARK}>alert(1)</script>`,
  `<img src=x onerror=alert(2) ${MARK}>`,
  `<svg onload=alert(3) ${MARK}>`,
  `<svg><script ${MARK}>alert(4)</script></svg>`,
  `"><script ${MARK}>alert(5)</script>`,
  `'><img src=x onerror=alert(6) ${MARK}>`,
  `</textarea><img src=x onerror=alert(7) ${MARK}>`,
  `</title><script ${MARK}>alert(8)</script>`,
  `<body onload=alert(9) ${MARK}>`,
  `<iframe src="javascript:alert(10)" ${MARK}></iframe>`,
  `<iframe srcdoc="<script>alert(11)</script>" ${MARK}></iframe>`,
  `<a href="javascript:alert(12)" ${MARK}>click</a>`,
  `<a href="jav&#x09;ascript:alert(13)" ${MARK}>x</a>`,
  `<details open ontoggle=alert(14) ${MARK}>`,
  `<input autofocus onfocus=alert(15) ${MARK}>`,
  `<select autofocus onfocus=alert(16) ${MARK}>`,
  `<video><source onerror=alert(17) ${MARK}></video>`,
  `<audio src=x onerror=alert(18) ${MARK}>`,
  `<object data="javascript:alert(19)" ${MARK}>`,
  `<embed src="javascript:alert(20)" ${MARK}>`,
  `<math><mtext></p><script ${MARK}>alert(21)</script>`,
  `<marquee onstart=alert(22) ${MARK}>`,
  `<div style="background:url(javascript:alert(23))" ${MARK}>`,
  `<style ${MARK}>@import 'javascript:alert(24)';</style>`,
  `<link rel=stylesheet href="javascript:alert(25)" ${MARK}>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(26)" ${MARK}>`,
  `<base href="javascript:alert(27)//" ${MARK}>`,
  `<form action="javascript:alert(28)" ${MARK}><button>x</button></form>`,
  `<button formaction="javascript:alert(29)" ${MARK}>x</button>`,
  `<img src=x:alert(30) onerror=eval(src) ${MARK}>`,
  `<img """><script ${MARK}>alert(31)</script>">`,
  `<IMG SRC=x OnErRoR=alert(32) ${MARK}>`,
  `<scr<script>ipt ${MARK}>alert(33)</scr</script>ipt>`,
  `<svg><animate onbegin=alert(34) attributeName=x dur=1s ${MARK}>`,
  `<svg><a xlink:href="javascript:alert(35)" ${MARK}><text x=20 y=20>x</text></a></svg>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(36) ${MARK}>">`,
  `<template><script ${MARK}>alert(37)</script></template>`,
  `<img src=x onerror="&#97;lert(38)" ${MARK}>`,
  `<img src=x onerror=\\u0061lert(39) ${MARK}>`,
  `javascript:alert(40)`,
  `data:text/html,<script ${MARK}>alert(41)</script>`,
  `{{constructor.constructor('alert(42)')()}}`,
  `\${alert(43)}`,
  `<!--<img src="--><img src=x onerror=alert(44) ${MARK}>-->`,
  `<![CDATA[<script ${MARK}>alert(45)</script>]]>`,
  `<x onmouseover=alert(46) ${MARK}>hover`,
  `<table background="javascript:alert(47)" ${MARK}>`,
  `<isindex action=javascript:alert(48) type=submit ${MARK}>`,
  `"onmouseover="alert(49)`,
  `';alert(50);//`,
  `</script><script ${MARK}>alert(51)</script>`,
  `<keygen autofocus onfocus=alert(52) ${MARK}>`,
];

/**
 * Vectors that only mean something to a Markdown renderer: links and images to script or data addresses (also in
 * mixed case and as reference definitions), autolinks, and raw HTML, which must all stay text or inert.
 */
export const MARKDOWN_PAYLOADS = [
  "[x](javascript:alert(101))",
  "[x](JaVaScRiPt:alert(102))",
  "[x](data:text/html;base64,PHNjcmlwdD4=)",
  "![x](https://evil.example/x.png)",
  "![x](javascript:alert(103))",
  `<img src=x onerror=alert(104) ${XSS_MARK}>`,
  "<javascript:alert(105)>",
  "[x][1]\n\n[1]: javascript:alert(106)",
  "[x](vbscript:msgbox(107))",
  "[x](file:///etc/passwd)",
  "[x](&#106;avascript:alert(108))",
  "[x](java\tscript:alert(109))",
  "[x]( javascript:alert(110) )",
  "<https://example.org/\"onmouseover=\"alert(111)>",
  `[x](https://example.org/"onmouseover="alert(112))`,
  `[x](https://example.org "a\\" onmouseover=\\"alert(113)")`,
  "# <script>alert(114)</script>",
  "* <svg onload=alert(115)>",
  "```\n<script>alert(116)</script>\n```",
  // markdown-it's own validateLink lets data:image/gif|png|jpeg|webp through (for images); links take no data: at all.
  "[x](data:image/png;base64,iVBORw0KGgo=)",
  "[x](DATA:image/gif;base64,R0lGODlh)",
  "<data:image/jpeg;base64,/9j/4AAQ>",
  "[x][pic]\n\n[pic]: data:image/webp;base64,UklGRg==",
  "[x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMTE3KT4=)",
];

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
const decode = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, name: string) =>
    name.startsWith("#x") || name.startsWith("#X") ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name] ?? all),
  );

/**
 * Every reason a piece of rendered Markdown (`renderMarkdown`'s output) could run script or fetch something: a script
 * or image element, an event attribute, a marked element, a tag the renderer does not make, or a script, data or file
 * address (after entities and control characters, as a browser reads it); [] when it is inert.
 */
export function dangers(html: string): string[] {
  const found: string[] = [];
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  if (/<script/i.test(html)) found.push("<script");
  if (/<img/i.test(html)) found.push("<img");
  for (const tag of tags) {
    // Attribute names only: a quoted value may hold any text (markdown-it escapes the quote).
    if (/\son[a-z]+\s*=/i.test(tag.replace(/"[^"]*"/g, '""'))) found.push(`event attribute in ${tag}`);
    if (tag.includes(XSS_MARK)) found.push(`marked element ${tag}`);
    if (!/^<\/?(p|br|strong|em|a|ul|ol|li|h[3-6]|blockquote|pre|code|hr|table|thead|tbody|tr|th|td|s)(\s|>|\/>)/i.test(tag)) found.push(`unexpected tag ${tag}`);
  }
  for (const [, href] of html.matchAll(/\s(?:href|src)="([^"]*)"/gi)) {
    // What a browser would follow: entities decoded, control characters and spaces dropped, any case.
    // oxlint-disable-next-line no-control-regex -- browsers drop these characters from an address, so must we
    const address = decode(href!).replace(/[\u0000-\u0020]/g, "").toLowerCase();
    if (/^(javascript|vbscript|data|file):/.test(address)) found.push(`address ${href}`);
  }
  return found;
}

