import { describe, expect, it } from "vitest";
import { cleanText } from "./text.ts";

describe("cleanText", () => {
  it("turns CRLF and lone CR into LF, as the browser counted them against maxlength", () => {
    expect(cleanText("one\r\ntwo\rthree\nfour")).toBe("one\ntwo\nthree\nfour");
    expect(cleanText("a".repeat(10) + "\r\n".repeat(5)).length).toBe(15);
  });

  it("drops every control character but tab and line feed: C0, DEL and C1", () => {
    for (let code = 0; code <= 0x9f; code++) {
      const char = String.fromCharCode(code);
      const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
      const kept = !control || char === "\t" || char === "\n";
      expect(cleanText(`a${char}b`), `U+${code.toString(16).padStart(4, "0")}`).toBe(char === "\r" ? "a\nb" : kept ? `a${char}b` : "ab");
    }
  });

  it("keeps letters of every script, no-break spaces, emoji and the replacement character", () => {
    const text = "Übersee – 湖 · ☀️\u00a0\ufffd";
    expect(cleanText(text)).toBe(text);
  });
});
