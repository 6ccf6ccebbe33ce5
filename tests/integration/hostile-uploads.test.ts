/**
 * Hostile uploads (OWASP ASVS 5.0 V5): each is refused, or stored under a server-made name as one of the accepted
 * types (issue 28) and served only as an attachment with nosniff. Prints how many were tried and accepted.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCEPTED_TYPES } from "#app/documents/file-types.server.ts";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-uploads-"));
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dir, SEED: "none", ADMIN_EMAIL: "chair@example.org", ADMIN_PASSWORD: "chair-password" });
  cookie = await signInCookie(server.url, "chair@example.org", "chair-password");
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const enc = (s: string) => new TextEncoder().encode(s);
const PDF = enc("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
// A real picture: pictures are read whole and stored without their metadata (a JPEG header alone is refused).
const JPEG = new Uint8Array(readFileSync(path.join(import.meta.dirname, "../fixtures/documents/dock.jpg")));
const JPEG_HEADER_ONLY = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Uint8Array(56)]);
const MZ = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, ...new Uint8Array(60)]);
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, ...new Uint8Array(30)]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const GIF_JS = enc("GIF89a/*\x01\x00\x01\x00*/=1;alert(1)//");

/** name, bytes, and the browser's claimed type; `accept` is what must come of it. */
const CASES: { label: string; name: string; bytes: Uint8Array; type: string; accept: false | string }[] = [
  { label: "HTML page", name: "minutes.html", bytes: enc("<!doctype html><script>alert(1)</script>"), type: "text/html", accept: false },
  { label: "HTML as .txt", name: "notes.txt", bytes: enc("<html><body onload=alert(1)>"), type: "text/plain", accept: false },
  { label: "SVG with script", name: "logo.svg", bytes: enc("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"), type: "image/svg+xml", accept: false },
  { label: "SVG as .jpg", name: "photo.jpg", bytes: enc("<svg onload='alert(1)'/>"), type: "image/jpeg", accept: false },
  { label: "XML", name: "data.csv", bytes: enc("<?xml version='1.0'?><a/>"), type: "text/csv", accept: false },
  { label: "Windows executable as .pdf", name: "invoice.pdf", bytes: MZ, type: "application/pdf", accept: false },
  { label: "ELF executable as .txt", name: "readme.txt", bytes: ELF, type: "text/plain", accept: false },
  { label: "ZIP as .csv", name: "readings.csv", bytes: ZIP, type: "text/csv", accept: false },
  { label: "a PNG's header without a picture, as .jpg", name: "beach.jpg", bytes: PNG, type: "image/jpeg", accept: false },
  { label: "a JPEG's header without a picture", name: "dock.jpg", bytes: JPEG_HEADER_ONLY, type: "image/jpeg", accept: false },
  { label: "ZIP as .docx", name: "minutes.docx", bytes: ZIP, type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", accept: false },
  { label: "HTML as .docx", name: "minutes.docx", bytes: enc("<!doctype html><script>alert(1)</script>"), type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", accept: false },
  { label: "Windows executable as .xlsx", name: "budget.xlsx", bytes: MZ, type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", accept: false },
  { label: "GIF/JS polyglot as .txt", name: "x.txt", bytes: GIF_JS, type: "text/plain", accept: false },
  { label: "zero bytes", name: "empty.pdf", bytes: new Uint8Array(), type: "application/pdf", accept: false },
  { label: "NUL in text", name: "a.txt", bytes: enc("abc\u0000def"), type: "text/plain", accept: false },
  { label: "invalid UTF-8", name: "a.txt", bytes: new Uint8Array([0x66, 0xc3, 0x28, 0x66]), type: "text/plain", accept: false },
  // The first 4,100 bytes decide a signature; a text is checked to its end all the same.
  { label: "NUL after the first 4,100 bytes", name: "long.txt", bytes: enc(`${"minutes ".repeat(600)}\u0000`), type: "text/plain", accept: false },
  { label: "invalid UTF-8 after the first 4,100 bytes", name: "long.csv", bytes: new Uint8Array([...enc("date,value\n".repeat(500)), 0xc3, 0x28]), type: "text/csv", accept: false },
  { label: "NUL after 320 KB, in a later piece of the body", name: "longer.txt", bytes: enc(`${"minutes ".repeat(40_000)}\u0000`), type: "text/plain", accept: false },
  { label: "PDF/HTML polyglot named .html", name: "both.html", bytes: enc("%PDF-1.4\n<html><script>alert(1)</script>\n%%EOF"), type: "text/html", accept: "application/pdf" },
  { label: "path traversal name", name: "../../../../etc/passwd", bytes: enc("root:x:0:0"), type: "text/plain", accept: "text/plain" },
  { label: "Windows path name", name: "..\\..\\boot.ini", bytes: enc("[boot loader]"), type: "text/plain", accept: "text/plain" },
  { label: "very long name", name: `${"a".repeat(1000)}.pdf`, bytes: PDF, type: "application/pdf", accept: "application/pdf" },
  { label: "unicode and control characters in the name", name: "Prot\u200bokoll\r\nSeeverein\u202e.txt", bytes: enc("Mitglieder"), type: "text/plain", accept: "text/plain" },
  { label: "header injection in the name", name: 'a".pdf\r\nContent-Type: text/html', bytes: PDF, type: "application/pdf", accept: "application/pdf" },
  { label: "JPEG claimed as HTML", name: "x.html", bytes: JPEG, type: "text/html", accept: "image/jpeg" },
];

async function upload(name: string, bytes: Uint8Array, type: string) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const response = await fetch(`${server.url}/admin/documents/upload`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json", Origin: server.url }, body: form });
  return { status: response.status, body: (await response.json()) as { uploaded: string[]; errors: { message: string }[] } };
}

describe("hostile uploads", () => {
  it(`refuses or safely stores all ${CASES.length + 1} of them`, async () => {
    let accepted = 0;
    for (const c of CASES) {
      const { body } = await upload(c.name, c.bytes, c.type).catch((error: Error) => {
        throw new Error(`${c.label}: ${error.message} ${String((error.cause as Error | undefined)?.message)}`);
      });
      if (c.accept === false) {
        expect(body.uploaded, c.label).toEqual([]);
        expect(body.errors[0]?.message, c.label).toContain("not supported");
      } else {
        expect(body.uploaded, c.label).toHaveLength(1);
        accepted++;
      }
    }
    // What was stored: only server-made names in the documents folder, nothing else anywhere under DATA_DIR.
    const stored = readdirSync(path.join(dir, "documents"));
    expect(stored).toHaveLength(accepted);
    for (const file of stored) expect(file).toMatch(/^\d{13}\.(txt|csv|pdf|jpg|png|webp|docx?|xlsx?|pptx?|od[tsp])$/);
    expect(existsSync(path.join(dir, "etc"))).toBe(false);
    expect(existsSync("/etc/passwd.pdf")).toBe(false);

    // Served only as attachments, with their checked type and nosniff, under a clean name.
    const page = await (await fetch(`${server.url}/more/documents`)).text();
    const links = [...page.matchAll(/href="\/documents\/([^"]+)"/g)].map((m) => m[1]!);
    expect(links).toHaveLength(accepted);
    for (const id of links) {
      const response = await fetch(`${server.url}/documents/${id}`);
      const disposition = response.headers.get("content-disposition") ?? "";
      expect(disposition).toMatch(/^attachment;/);
      expect(disposition).not.toMatch(/[\r\n]/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(ACCEPTED_TYPES as readonly string[]).toContain(response.headers.get("content-type")?.split(";")[0]);
    }
    // Over the size limit (last: the server may close this connection): refused, with a 413 answer or, when the server answers before the client has sent it
    // all, a connection closed mid-upload; either way nothing is stored.
    const big = await upload("huge.pdf", new Uint8Array(21 * 1024 * 1024).fill(0x25), "application/pdf").catch((error: Error) => error);
    if (big instanceof Error) expect(String((big.cause as Error | undefined)?.message ?? big.message)).toMatch(/ECONNRESET|EPIPE|socket|closed/i);
    else {
      expect(big.status).toBe(413);
      expect(big.body.errors[0]?.message).toContain("too large");
    }

    expect(readdirSync(path.join(dir, "documents"))).toHaveLength(accepted);
    console.log(`hostile uploads: ${CASES.length + 1} tried, ${accepted} accepted (stored safely), ${CASES.length + 1 - accepted} refused`);
  });

  it("answers 400 to a body that is not a multipart form or breaks its format, and stores nothing", async () => {
    const before = readdirSync(path.join(dir, "documents")).length;
    const post = (contentType: string, body: string) =>
      fetch(`${server.url}/admin/documents/upload`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json", Origin: server.url, "Content-Type": contentType }, body });
    for (const [contentType, body] of [
      ["application/x-www-form-urlencoded", "file=minutes.txt"],
      ["multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nno closing boundary"],
      ["multipart/form-data; boundary=xyz", "not multipart at all"],
    ]) {
      const response = await post(contentType!, body!);
      expect(response.status, body).toBe(400);
      expect((await response.json()).errors[0].message).toBe("The upload could not be read. Please try again.");
    }
    expect(readdirSync(path.join(dir, "documents"))).toHaveLength(before);

    // A file too large under another field name, which the route does not read: refused all the same, and the
    // server lives on.
    const form = new FormData();
    form.append("attachment", new File([new Uint8Array(21 * 1024 * 1024).fill(0x41)], "big.txt"));
    const big = await fetch(`${server.url}/admin/documents/upload`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json", Origin: server.url }, body: form }).catch(
      (error: Error) => error,
    );
    if (big instanceof Error) expect(String((big.cause as Error | undefined)?.message ?? big.message)).toMatch(/ECONNRESET|EPIPE|socket|closed/i);
    else {
      expect(big.status).toBe(413);
      expect(big.headers.get("connection"), "the client is told not to send its next request on this connection").toBe("close");
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(readdirSync(path.join(dir, "documents"))).toHaveLength(before);
  });
});
