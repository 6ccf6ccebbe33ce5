import { describe, expect, it } from "vitest";
import { ftsMatch, highlightPieces, MARK_END, MARK_START, MAX_QUERY_LENGTH, MAX_QUERY_WORDS, plainExcerpt, readQuery } from "./query.ts";
import { sourceView } from "./sources.ts";

const m = (word: string) => `${MARK_START}${word}${MARK_END}`;

describe("readQuery", () => {
  it("is empty for nothing, spaces or no parameter", () => {
    expect(readQuery(null)).toEqual({ kind: "empty" });
    expect(readQuery("")).toEqual({ kind: "empty" });
    expect(readQuery("   \t ")).toEqual({ kind: "empty" });
  });

  it("refuses past the limit, counting characters rather than UTF-16 units, and takes exactly the limit", () => {
    expect(readQuery("a".repeat(MAX_QUERY_LENGTH)).kind).toBe("words");
    expect(readQuery("a".repeat(MAX_QUERY_LENGTH + 1))).toEqual({ kind: "too-long", length: MAX_QUERY_LENGTH + 1 });
    expect(readQuery("🙂".repeat(MAX_QUERY_LENGTH)).kind).toBe("no-words");
    expect(readQuery(` ${"b".repeat(MAX_QUERY_LENGTH)} `).kind).toBe("words");
  });

  it("keeps letters and digits of any script, lower-cased, once each, without the commonest words", () => {
    expect(readQuery("E. coli")).toEqual({ kind: "words", words: ["e", "coli"] });
    expect(readQuery('AND( "geese" OR-geese')).toEqual({ kind: "words", words: ["geese"] });
    expect(readQuery("The lake's Été 2026")).toEqual({ kind: "words", words: ["lake", "été", "2026"] });
    expect(readQuery("the of and")).toEqual({ kind: "no-words" });
    expect(readQuery('" * ( ) - ^ :')).toEqual({ kind: "no-words" });
    expect(readQuery("ﬁsh")).toEqual({ kind: "words", words: ["fish"] });
  });

  it(`searches for at most ${MAX_QUERY_WORDS} words`, () => {
    const q = Array.from({ length: 15 }, (_, i) => `w${i}`).join(" ");
    const read = readQuery(q);
    expect(read.kind === "words" && read.words).toHaveLength(MAX_QUERY_WORDS);
  });
});

describe("ftsMatch", () => {
  it("quotes every word, so none is an operator", () => {
    expect(ftsMatch(["and", "near", "coli"])).toBe('"and" "near" "coli"');
    expect(ftsMatch(['a"b'])).toBe('"a""b"');
  });
});

describe("highlightPieces", () => {
  it("cuts a text at the markers", () => {
    expect(highlightPieces(`Canada ${m("geese")} on the ${m("beach")}`)).toEqual([
      { text: "Canada ", marked: false },
      { text: "geese", marked: true },
      { text: " on the ", marked: false },
      { text: "beach", marked: true },
    ]);
  });

  it("merges neighbours, drops empty pieces and stray markers, and keeps markup as text", () => {
    expect(highlightPieces(`${m("E.")}${m("coli")}`)).toEqual([{ text: "E.coli", marked: true }]);
    expect(highlightPieces(`a${MARK_END}b`)).toEqual([{ text: "ab", marked: false }]);
    expect(highlightPieces("")).toEqual([]);
    expect(highlightPieces(`<mark>${m("x")}</mark>`)).toEqual([
      { text: "<mark>", marked: false },
      { text: "x", marked: true },
      { text: "</mark>", marked: false },
    ]);
  });
});

describe("plainExcerpt", () => {
  it("drops Markdown's marks and link targets, keeping the words and the markers", () => {
    expect(plainExcerpt(`Read the **${m("bylaws")}** [here](https://example.org/x) and _now_.`)).toBe(`Read the ${m("bylaws")} here and now.`);
    expect(plainExcerpt("## Dues\n\n- $10 a year\n- due April 1")).toBe("Dues $10 a year due April 1");
    expect(plainExcerpt("see the map](/the-lake#map) and more")).toBe("see the map and more");
    expect(plainExcerpt("snake_case stays")).toBe("snake_case stays");
  });
});

describe("sourceView", () => {
  it("links each source to its item", () => {
    expect(sourceView("news")?.href({ source: "news", ref: "abc", date: "2026-01-01" })).toBe("/news/abc");
    expect(sourceView("events")?.href({ source: "events", ref: "e1", date: "2025-05-01" })).toBe("/events/e1");
    expect(sourceView("pages")?.href({ source: "pages", ref: "boat-launch", date: "" })).toBe("/more/boat-launch");
    expect(sourceView("documents")?.href({ source: "documents", ref: "1767312000000.pdf", date: "" })).toBe("/documents/1767312000000.pdf");
    expect(sourceView("faq")?.href({ source: "faq", ref: "q1", date: "" })).toBe("/the-lake#faq-q1");
    expect(sourceView("constructor")).toBeUndefined();
    expect(sourceView("unknown")).toBeUndefined();
  });
});
