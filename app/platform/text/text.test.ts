import { describe, expect, it } from "vitest";
import { cleanText, endSentence, stripBidiControls } from "./text.ts";

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

describe("stripBidiControls", () => {
  it.each([
    ["U+061C ARABIC LETTER MARK", "\u061C"],
    ["U+200E LEFT-TO-RIGHT MARK", "\u200E"],
    ["U+200F RIGHT-TO-LEFT MARK", "\u200F"],
    ["U+202A LEFT-TO-RIGHT EMBEDDING", "\u202A"],
    ["U+202B RIGHT-TO-LEFT EMBEDDING", "\u202B"],
    ["U+202C POP DIRECTIONAL FORMATTING", "\u202C"],
    ["U+202D LEFT-TO-RIGHT OVERRIDE", "\u202D"],
    ["U+202E RIGHT-TO-LEFT OVERRIDE", "\u202E"],
    ["U+2066 LEFT-TO-RIGHT ISOLATE", "\u2066"],
    ["U+2067 RIGHT-TO-LEFT ISOLATE", "\u2067"],
    ["U+2068 FIRST STRONG ISOLATE", "\u2068"],
    ["U+2069 POP DIRECTIONAL ISOLATE", "\u2069"],
  ])("removes %s wherever it stands", (_name, control) => {
    expect(stripBidiControls(`${control}ev${control}il.exe.csv${control}`)).toBe("evil.exe.csv");
  });

  it("removes every one of a run, and leaves nothing of a text made only of them", () => {
    expect(stripBidiControls("invoice\u202E\u2066\u200Ffdp.exe")).toBe("invoicefdp.exe");
    expect(stripBidiControls("\u202E\u202D\u2067\u2069\u200E")).toBe("");
  });

  it("keeps the characters beside the ranges and right-to-left letters", () => {
    // U+061B, U+200D (zero width joiner, part of emoji and Arabic shaping), U+2029, U+202F, U+2065 and U+206A border the ranges.
    const neighbours = "\u061B\u200D\u2029\u202F\u2065\u206A";
    expect(stripBidiControls(neighbours)).toBe(neighbours);
    expect(stripBidiControls("מסמך 2026.pdf")).toBe("מסמך 2026.pdf");
    expect(stripBidiControls("تقرير.pdf")).toBe("تقرير.pdf");
    expect(stripBidiControls("Family 👨‍👩‍👧.txt")).toBe("Family 👨‍👩‍👧.txt");
  });
});

describe("endSentence (issue 26: no double full stop after Inc.)", () => {
  it.each([
    ["from Heron Lake Association", "from Heron Lake Association."],
    ["from Heron Lake Association, Inc.", "from Heron Lake Association, Inc."],
    ["from Lake Bluff!", "from Lake Bluff!"],
    ['said "Lake Co."', 'said "Lake Co."'],
    ["(Heron Lake Assn.)", "(Heron Lake Assn.)"],
    ["", "."],
  ])("%j → %j", (text, expected) => {
    expect(endSentence(text)).toBe(expected);
  });
});
