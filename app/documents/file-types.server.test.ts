import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  ACCEPTED_TYPES,
  compoundFileType,
  cleanDisplayName,
  createTextCheck,
  detectDocumentType,
  downloadName,
  EXTENSIONS,
  HEAD_BYTES,
  NO_NAME_MESSAGE,
  stripPicture,
  textType,
  UNSUPPORTED_MESSAGE,
} from "./file-types.server.ts";

/** A small real file of tests/fixtures/documents (made by its make-fixtures.ts). */
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/documents/${name}`, import.meta.url)));

const bytes = (s: string) => new TextEncoder().encode(s);
const PDF = bytes("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, ...new Uint8Array(60)]);

describe("detectDocumentType: every accepted type, judged by content whatever the name (issue 28)", () => {
  it.each([
    ["bylaws.pdf", "application/pdf"],
    ["agenda.txt", "text/plain"],
    ["readings.csv", "text/csv"],
    ["dock.jpg", "image/jpeg"],
    ["dock.png", "image/png"],
    ["dock.webp", "image/webp"],
    ["minutes.doc", "application/msword"],
    ["readings.xls", "application/vnd.ms-excel"],
    ["slides.ppt", "application/vnd.ms-powerpoint"],
    ["minutes.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["readings.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["slides.pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
    ["newsletter.odt", "application/vnd.oasis.opendocument.text"],
    ["readings.ods", "application/vnd.oasis.opendocument.spreadsheet"],
    ["slides.odp", "application/vnd.oasis.opendocument.presentation"],
  ] as const)("%s is %s", async (name, type) => {
    expect(await detectDocumentType(fixture(name), name)).toBe(type);
    // The name plays no part (but for CSV, which is text named .csv).
    if (!type.startsWith("text/")) expect(await detectDocumentType(fixture(name), "renamed.txt")).toBe(type);
  });
  it("refuses disguised files: HTML, a program, a plain zip or another compound file under an Office name", async () => {
    expect(await detectDocumentType(bytes("<!doctype html><html><body>Minutes</body></html>"), "minutes.docx")).toBeUndefined();
    expect(await detectDocumentType(EXE, "minutes.docx")).toBeUndefined();
    expect(await detectDocumentType(fixture("archive.zip"), "readings.xlsx")).toBeUndefined();
    expect(await detectDocumentType(fixture("other.cfb"), "minutes.doc")).toBeUndefined();
    // A compound file that claims two formats at once is refused too.
    expect(await compoundFileType(fixture("other.cfb"))).toBeUndefined();
    // Half of a .docx is not a .docx; the first 4,100 bytes of an .xlsx alone are not one either.
    expect(await detectDocumentType(fixture("minutes.docx").subarray(0, 600), "minutes.docx")).toBeUndefined();
    expect(await detectDocumentType(fixture("readings.xlsx").subarray(0, HEAD_BYTES), "readings.xlsx")).toBeUndefined();
  });
  it("tells the Office 97 formats apart by the stream that names each, not by the container alone", async () => {
    expect(await compoundFileType(fixture("minutes.doc"))).toBe("application/msword");
    expect(await compoundFileType(fixture("readings.xls"))).toBe("application/vnd.ms-excel");
    expect(await compoundFileType(fixture("slides.ppt"))).toBe("application/vnd.ms-powerpoint");
    expect(await compoundFileType(fixture("minutes.doc").subarray(0, 1024))).toBeUndefined();
  });
});

describe("stripPicture: pictures are stored without their metadata, in their own format", () => {
  it.each([
    ["dock.jpg", "image/jpeg", "jpeg"],
    ["dock.png", "image/png", "png"],
    ["dock.webp", "image/webp", "webp"],
  ] as const)("%s loses its EXIF and GPS position and stays %s", async (name, type, format) => {
    const before = await sharp(fixture(name)).metadata();
    // The fixture really carries a GPS position (the test would pass vacuously otherwise).
    expect(before.exif?.includes(Buffer.from("LakeCam"))).toBe(true);
    expect(before.exif?.length).toBeGreaterThan(100);
    const stripped = await stripPicture(fixture(name), type);
    const after = await sharp(stripped).metadata();
    expect(after.format).toBe(format);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect([after.width, after.height]).toEqual([32, 24]);
    expect(stripped.includes(Buffer.from("LakeCam"))).toBe(false);
    expect(stripped.includes(Buffer.from("GPS"))).toBe(false);
    expect(await detectDocumentType(stripped, name)).toBe(type);
  });
  it("turns a picture upright by its EXIF orientation before the orientation is dropped", async () => {
    const sideways = await sharp({ create: { width: 40, height: 10, channels: 3, background: "#08c" } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const stripped = await sharp(await stripPicture(sideways, "image/jpeg")).metadata();
    expect([stripped.width, stripped.height, stripped.orientation]).toEqual([10, 40, undefined]);
  });
  it("fails on a picture it cannot read (a header without the picture)", async () => {
    await expect(stripPicture(fixture("dock.png").subarray(0, 40), "image/png")).rejects.toThrow();
  });
});

describe("detectDocumentType: judged by content (spec §5's types)", () => {
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
    // A PNG's header without its picture: whole files are judged, and this one is no picture.
    expect(await detectDocumentType(PNG, "photo.png")).toBe("image/png");
    expect(await detectDocumentType(new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000"), "photo.jpg")).toBeUndefined();
    expect(await detectDocumentType(EXE, "minutes.pdf")).toBeUndefined();
    expect(await detectDocumentType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]), "a.txt")).toBeUndefined();
  });
  it("checks text to its end: a bad byte after the first 4,100 bytes (the signature's share) refuses the file", async () => {
    expect(HEAD_BYTES).toBe(4100);
    const text = (length: number) => "a".repeat(length);
    for (const at of [HEAD_BYTES - 1, HEAD_BYTES, HEAD_BYTES + 1, 5000, 100_000]) {
      expect(await detectDocumentType(bytes(`${text(at)}\u0000rest`), "a.txt"), `NUL at byte ${at}`).toBeUndefined();
      expect(await detectDocumentType(new Uint8Array([...bytes(text(at)), 0xc3, 0x28]), "a.txt"), `invalid UTF-8 at byte ${at}`).toBeUndefined();
      expect(await detectDocumentType(bytes(`${text(at)}\u001b[2J`), "a.txt"), `ESC at byte ${at}`).toBeUndefined();
      expect(await detectDocumentType(bytes(`${text(at)}\nthe rest, plain`), "a.txt"), `clean, ${at} bytes before a line break`).toBe("text/plain");
    }
  });
  it("allows tab, line feed, form feed and carriage return, and no other C0 control or DEL", async () => {
    const allowed = ["\t", "\n", "\f", "\r", " ", "~"];
    const refused = ["\u0000", "\u0001", "\u0008", "\u000b", "\u000e", "\u001f", "\u007f"];
    for (const c of allowed) expect(await detectDocumentType(bytes(`a${c}b`), "a.txt"), JSON.stringify(c)).toBe("text/plain");
    for (const c of refused) expect(await detectDocumentType(bytes(`a${c}b`), "a.txt"), JSON.stringify(c)).toBeUndefined();
  });
  it("refuses markup a browser would run, binary text and empty files", async () => {
    expect(await detectDocumentType(bytes("<!DOCTYPE html><script>alert(1)</script>"), "a.txt")).toBeUndefined();
    expect(await detectDocumentType(bytes("  <svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), "a.csv")).toBeUndefined();
    expect(await detectDocumentType(bytes("<?xml version='1.0'?><x/>"), "a.txt")).toBeUndefined();
    expect(await detectDocumentType(bytes("text\u0000with NUL"), "a.txt")).toBeUndefined();
    expect(await detectDocumentType(new Uint8Array([0xc3, 0x28]), "a.txt")).toBeUndefined();
    expect(await detectDocumentType(new Uint8Array(), "a.txt")).toBeUndefined();
    // The decoder drops one byte order mark; a second one is white space before the markup, not a disguise.
    expect(await detectDocumentType(bytes("\uFEFF\uFEFF<script>alert(1)</script>"), "a.txt")).toBeUndefined();
    expect(await detectDocumentType(bytes("\n\t <IFRAME src=x>"), "a.txt")).toBeUndefined();
  });
  it("looks for markup only at the start: a text that mentions a tag is text", async () => {
    expect(await detectDocumentType(bytes("Minutes: the webmaster removed the <script> tag from the <html> page.\n"), "minutes.txt")).toBe("text/plain");
    expect(await detectDocumentType(bytes("note,value\nsee <svg> in the logo file,1\n"), "notes.csv")).toBe("text/csv");
  });
});

describe("what an accepted file is stored and named as", () => {
  it("gives each type its own extension (spec §3: storage id = time stamp + extension)", () => {
    expect(ACCEPTED_TYPES.map((type) => [type, EXTENSIONS[type]])).toEqual([
      ["text/plain", ".txt"],
      ["text/csv", ".csv"],
      ["application/pdf", ".pdf"],
      ["image/jpeg", ".jpg"],
      ["image/png", ".png"],
      ["image/webp", ".webp"],
      ["application/msword", ".doc"],
      ["application/vnd.ms-excel", ".xls"],
      ["application/vnd.ms-powerpoint", ".ppt"],
      ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx"],
      ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx"],
      ["application/vnd.openxmlformats-officedocument.presentationml.presentation", ".pptx"],
      ["application/vnd.oasis.opendocument.text", ".odt"],
      ["application/vnd.oasis.opendocument.spreadsheet", ".ods"],
      ["application/vnd.oasis.opendocument.presentation", ".odp"],
    ]);
  });
  it("takes text as CSV only when the name ends in .csv", () => {
    expect(textType("readings.csv")).toBe("text/csv");
    expect(textType("READINGS.CSV")).toBe("text/csv");
    expect(textType("readings.csv.txt")).toBe("text/plain");
    expect(textType("readings_csv")).toBe("text/plain");
    expect(textType("csv")).toBe("text/plain");
  });
  it("tells the uploader which types are accepted (issue 28's list, superseding spec §5's four)", () => {
    expect(UNSUPPORTED_MESSAGE).toMatch(/^This file type is not supported\. Please upload /);
    for (const kind of ["PDF", "Word", "Excel", "PowerPoint", "OpenDocument", "text", "CSV", "JPEG", "PNG", "WebP"]) expect(UNSUPPORTED_MESSAGE).toContain(kind);
  });
});

describe("cleanDisplayName", () => {
  it("keeps an ordinary name", () => expect(cleanDisplayName("Minutes 2026-05.pdf")).toBe("Minutes 2026-05.pdf"));
  it("drops folders and traversal", () => {
    expect(cleanDisplayName("../../etc/passwd")).toBe("passwd");
    expect(cleanDisplayName("C:\\Users\\ann\\dues.csv")).toBe("dues.csv");
    expect(cleanDisplayName("..")).toBe("");
    expect(cleanDisplayName(".")).toBe("");
    expect(cleanDisplayName("minutes/")).toBe("");
  });
  it("removes control characters and quotes, folds white space, caps the length", () => {
    expect(cleanDisplayName('a\r\nb\t"c".txt')).toBe("a b c.txt");
    expect(cleanDisplayName("x".repeat(500)).length).toBe(200);
    expect(cleanDisplayName(`${"x".repeat(199)} and more.pdf`)).toBe("x".repeat(199));
    expect(cleanDisplayName(`  \u0007 ${"x".repeat(200)}`)).toBe("x".repeat(200));
    expect(cleanDisplayName("   ")).toBe("");
  });
  it("asks for a name with letters or digits when nothing is left", () => {
    expect(NO_NAME_MESSAGE).toMatch(/Please give a name with letters or digits/);
  });
  it("removes bidirectional formatting characters, so the name reads as it is stored", () => {
    expect(cleanDisplayName("ev\u202Eil.exe.csv")).toBe("evil.exe.csv");
    expect(cleanDisplayName("invoice\u2067\u200Ffdp.exe.pdf")).toBe("invoicefdp.exe.pdf");
    expect(cleanDisplayName(" \u202E \u2066\u2069 ")).toBe("");
  });
  it("keeps unicode, composed (NFC)", () => {
    expect(cleanDisplayName("Protokoll Seeverein – Übersicht.pdf")).toBe("Protokoll Seeverein – Übersicht.pdf");
    expect(cleanDisplayName("U\u0308bersicht.pdf")).toBe("\u00dcbersicht.pdf");
  });
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
    ["Minutes.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "Minutes.docx"],
    ["Minutes.doc", "application/msword", "Minutes.doc"],
    ["budget.xls", "application/vnd.ms-excel", "budget.xls"],
    ["Newsletter", "application/vnd.oasis.opendocument.text", "Newsletter.odt"],
    ["dock.jpg", "image/png", "dock.png"],
    // no extension the registry knows: one is appended
    ["Minutes", "application/pdf", "Minutes.pdf"],
    ["Minutes v1.2", "text/plain", "Minutes v1.2.txt"],
    ["Report 2026.final", "text/plain", "Report 2026.final.txt"],
    // nothing before the extension
    [".html", "text/plain", "document.txt"],
    // a name that is only an extension's letters has no extension
    ["pdf", "application/pdf", "pdf.pdf"],
    ["CSV", "text/csv", "CSV.csv"],
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
  it("refuses a bad byte in a piece after the first 4,100 bytes, as an upload's stream brings it", () => {
    for (const late of [bytes(`${"a".repeat(HEAD_BYTES)}\u0000`), new Uint8Array([...bytes("b".repeat(6000)), 0xff]), bytes(`${"c".repeat(9000)}\u007f`)]) {
      for (const size of [HEAD_BYTES, 1000, 65_536]) expect(accepts(late, size), `${late.length} bytes in pieces of ${size}`).toBe(false);
    }
  });
  it("stays refused after the first piece that fails, whatever comes next", () => {
    const check = createTextCheck();
    expect(check.push(bytes("fine\n"))).toBe(true);
    expect(check.push(bytes("bad\u0000"))).toBe(false);
    expect(check.push(bytes("fine again\n"))).toBe(false);
    expect(check.end()).toBe(false);
  });
  it("decides on markup once the first 1,024 characters are in, and not before", () => {
    const html = (length: number) => bytes(`<html>${"x".repeat(length - 6)}`);
    for (const length of [1024, 1025]) {
      const check = createTextCheck();
      expect(check.push(html(length)), `${length} characters`).toBe(false);
    }
    const short = createTextCheck();
    expect(short.push(html(1023))).toBe(true);
    expect(short.end()).toBe(false);
    // The first 1,024 characters of plain text settle it: what follows is checked for control bytes only.
    const plain = createTextCheck();
    expect(plain.push(bytes("a".repeat(1024)))).toBe(true);
    expect(plain.push(bytes("<html>"))).toBe(true);
    expect(plain.end()).toBe(true);
  });
});
