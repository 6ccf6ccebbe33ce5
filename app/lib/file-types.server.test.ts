import { describe, expect, it } from "vitest";
import { cleanDisplayName, createTextCheck, detectDocumentType, downloadName } from "./file-types.server.ts";

const bytes = (s: string) => new TextEncoder().encode(s);
const PDF = bytes("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, ...new Uint8Array(60)]);

describe("detectDocumentType: judged by content (spec §5: four types)", () => {
  it("recognises a PDF and a JPEG whatever their names", async () => {
    expect(await detectDocumentType(PDF, "minutes.pdf")).toBe("application/pdf");
    expect(await detectDocumentType(PDF, "minutes.txt")).toBe("application/pdf");
    expect(await detectDocumentType(JPEG, "dock.jpg")).toBe("image/jpeg");
  });
  it("takes UTF-8 text as plain text, or CSV when the name says .csv", async () => {
    expect(await detectDocumentType(bytes("Agenda\n1. Dues\tApril 1\r\n"), "agenda.txt")).toBe("text/plain");
    expect(await detectDocumentType(bytes("date,value\n2026-06-01,12\n"), "readings.CSV")).toBe("text/csv");
    expect(await detectDocumentType(bytes("\uFEFFcafé, 🌊"), "notes")).toBe("text/plain");
  });
  it("refuses other formats even under an accepted name", async () => {
    expect(await detectDocumentType(PNG, "photo.jpg")).toBeUndefined();
    expect(await detectDocumentType(EXE, "minutes.pdf")).toBeUndefined();
    expect(await detectDocumentType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]), "a.txt")).toBeUndefined();
  });
  it("refuses markup a browser would run, binary text and empty files", async () => {
    expect(await detectDocumentType(bytes("<!DOCTYPE html><script>alert(1)</script>"), "a.txt")).toBeUndefined();
    expect(await detectDocumentType(bytes("  <svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), "a.csv")).toBeUndefined();
    expect(await detectDocumentType(bytes("<?xml version='1.0'?><x/>"), "a.txt")).toBeUndefined();
    expect(await detectDocumentType(bytes("text\u0000with NUL"), "a.txt")).toBeUndefined();
    expect(await detectDocumentType(new Uint8Array([0xc3, 0x28]), "a.txt")).toBeUndefined();
    expect(await detectDocumentType(new Uint8Array(), "a.txt")).toBeUndefined();
  });
});

describe("cleanDisplayName", () => {
  it("keeps an ordinary name", () => expect(cleanDisplayName("Minutes 2026-05.pdf")).toBe("Minutes 2026-05.pdf"));
  it("drops folders and traversal", () => {
    expect(cleanDisplayName("../../etc/passwd")).toBe("passwd");
    expect(cleanDisplayName("C:\\Users\\ann\\dues.csv")).toBe("dues.csv");
    expect(cleanDisplayName("..")).toBe("");
  });
  it("removes control characters and quotes, folds white space, caps the length", () => {
    expect(cleanDisplayName('a\r\nb\t"c".txt')).toBe("a b c.txt");
    expect(cleanDisplayName("x".repeat(500)).length).toBe(200);
    expect(cleanDisplayName("   ")).toBe("");
  });
  it("removes bidirectional formatting characters, so the name reads as it is stored", () => {
    expect(cleanDisplayName("ev\u202Eil.exe.csv")).toBe("evil.exe.csv");
    expect(cleanDisplayName("invoice\u2067\u200Ffdp.exe.pdf")).toBe("invoicefdp.exe.pdf");
    expect(cleanDisplayName(" \u202E \u2066\u2069 ")).toBe("");
  });
  it("keeps unicode", () => expect(cleanDisplayName("Protokoll Seeverein – Übersicht.pdf")).toBe("Protokoll Seeverein – Übersicht.pdf"));
});

describe("downloadName: the saved file's extension is one of the checked type", () => {
  it.each([
    ["Minutes.pdf", "application/pdf", "Minutes.pdf"],
    ["Photo.JPEG", "image/jpeg", "Photo.JPEG"],
    ["lake.jpg", "image/jpeg", "lake.jpg"],
    ["dues.csv", "text/csv", "dues.csv"],
    ["notes.log", "text/plain", "notes.log"],
    // another type's extension is replaced
    ["late.html", "text/plain", "late.txt"],
    ["LATE.HTM", "text/plain", "LATE.txt"],
    ["report.exe", "application/pdf", "report.pdf"],
    ["evil.exe.csv", "text/plain", "evil.exe.txt"],
    ["picture.png", "image/jpeg", "picture.jpg"],
    ["dues.txt", "text/csv", "dues.csv"],
    // no extension the registry knows: one is appended
    ["Minutes", "application/pdf", "Minutes.pdf"],
    ["Minutes v1.2", "text/plain", "Minutes v1.2.txt"],
    ["Report 2026.final", "text/plain", "Report 2026.final.txt"],
    // nothing before the extension
    [".html", "text/plain", "document.txt"],
  ] as const)("%s checked as %s is saved as %s", (name, type, expected) => {
    expect(downloadName(name, type)).toBe(expected);
  });
});

describe("createTextCheck: the text check chunk by chunk, as an upload arrives", () => {
  /** Whether the check accepts `text` cut into pieces of `size` bytes. */
  const accepts = (data: Uint8Array, size: number) => {
    const check = createTextCheck();
    for (let at = 0; at < data.length; at += size) if (!check.push(data.subarray(at, at + size))) return false;
    return check.end();
  };
  it("decides as on the whole file, wherever the cuts fall", () => {
    const cases: [Uint8Array, boolean][] = [
      [bytes("café 🌊 Übersicht\n".repeat(200)), true],
      [bytes("<!DOCTYPE html><script>alert(1)</script>"), false],
      [bytes(`${"a".repeat(3000)}\u0000`), false],
      [new Uint8Array([...bytes("ok ".repeat(500)), 0xc3, 0x28]), false],
      [new Uint8Array([...bytes("ends in half a character "), 0xf0, 0x9f, 0x8c]), false],
      [bytes("\uFEFF   <svg onload='alert(1)'/>"), false],
    ];
    for (const [data, expected] of cases) for (const size of [1, 2, 3, 7, 1000, 1_000_000]) expect(accepts(data, size), `${data.length} bytes in pieces of ${size}`).toBe(expected);
  });
});
