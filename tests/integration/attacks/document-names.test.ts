/**
 * Issue 24, finding 9: document names can mislead. An administrator uploads a file whose name carries a right-to-left
 * override (U+202E), so that "ev\u202Eil.exe.csv" shows as "evvsc.exe.li", or a name whose extension is not the type
 * the bytes were checked to be ("late.html" served as text/plain). The upload goes through the real multipart route
 * as a browser sends it; a guest then reads /more/documents and downloads the file. What the guest sees and saves must
 * be what is stored: no bidirectional formatting character in the name shown or in Content-Disposition, and a saved
 * name whose extension is one of the Content-Type served.
 */
import { parse as parseContentDisposition } from "content-disposition";
import { expect } from "vitest";
import { NO_NAME_MESSAGE } from "#app/documents/file-types.server.ts";
import { onBothBackEnds, type Target } from "./support.ts";

/** Every bidirectional formatting character of UAX #9 § 2. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** The same characters as Content-Disposition's `filename*` carries them (RFC 8187 percent-encoded UTF-8). */
const BIDI_ENCODED = /%D8%9C|%E2%80%8[EF]|%E2%80%A[A-E]|%E2%81%A[6-9]/i;

const enc = (text: string) => new TextEncoder().encode(text);
const PDF = enc("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

interface UploadAnswer {
  status: number;
  body: { uploaded: string[]; errors: { name: string; message: string }[] };
}

/** The administrator's upload of one file, as the documents screen's upload widget posts it. */
async function upload(target: Target, name: string, bytes: Uint8Array, type: string): Promise<UploadAnswer> {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const response = await fetch(`${target.url}/admin/documents/upload`, {
    method: "POST",
    headers: { Cookie: await target.adminCookie(), Accept: "application/json", Origin: target.url },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer["body"] };
}

/** The documents a guest sees on /more/documents: each link's address and text, in page order. */
async function guestDocumentList(target: Target): Promise<{ href: string; name: string }[]> {
  const response = await fetch(`${target.url}/more/documents`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/<a href="(\/documents\/[^"]+)" download="">([^<]*)<\/a>/g)].map((m) => ({ href: m[1]!, name: m[2]! }));
}

/**
 * A guest's download of the document listed under `name`: its status, media type (Content-Type without its
 * parameters) and the name it would be saved under.
 */
async function guestDownload(target: Target, name: string) {
  const listed = (await guestDocumentList(target)).find((d) => d.name === name);
  if (!listed) throw new Error(`"${name}" is not listed on /more/documents`);
  const response = await fetch(`${target.url}${listed.href}`);
  const disposition = response.headers.get("content-disposition") ?? "";
  await response.arrayBuffer();
  return { status: response.status, mediaType: response.headers.get("content-type")?.split(";")[0], disposition, savedAs: parseContentDisposition(disposition).parameters.filename };
}

async function documentNames(target: Target): Promise<string[]> {
  return (await target.db.db.selectFrom("document").select("displayName").execute()).map((d) => d.displayName);
}

onBothBackEnds("document names (issue 24, finding 9)", (attack) => {
  attack("a right-to-left override in an uploaded name is removed from the list and the download", async (target) => {
    const { status, body } = await upload(target, "ev\u202Eil.exe.csv", enc("date,value\n2026-06-01,12\n"), "text/csv");
    expect(status).toBe(200);
    expect(body.uploaded).toEqual(["evil.exe.csv"]);
    expect(await documentNames(target)).toContain("evil.exe.csv");

    const listed = await guestDocumentList(target);
    expect(listed.map((d) => d.name)).toContain("evil.exe.csv");
    expect(listed.filter((d) => BIDI.test(d.name))).toEqual([]);

    const download = await guestDownload(target, "evil.exe.csv");
    expect(download.status).toBe(200);
    expect(download.mediaType).toBe("text/csv");
    expect(download.savedAs).toBe("evil.exe.csv");
    expect(download.disposition).not.toMatch(BIDI_ENCODED);
    expect(download.disposition).not.toMatch(BIDI);
  });

  attack("every bidirectional formatting character is removed, wherever it stands in the name", async (target) => {
    const { body } = await upload(target, "\u2067in\u200Fvoice\u202B\u202Dfdp\u2066\u2068.\u200E\u061Cexe\u202A\u202C\u2069.txt", enc("An invoice."), "text/plain");
    expect(body.uploaded).toEqual(["invoicefdp.exe.txt"]);
    const download = await guestDownload(target, "invoicefdp.exe.txt");
    expect(download.mediaType).toBe("text/plain");
    expect(download.savedAs).toBe("invoicefdp.exe.txt");
    expect(download.disposition).not.toMatch(BIDI_ENCODED);
  });

  attack("a name made only of direction characters is refused with a message, and nothing is stored", async (target) => {
    const before = await documentNames(target);
    const { status, body } = await upload(target, "\u202E\u2066 \u2069\u202C", enc("Nameless."), "text/plain");
    expect(status).toBe(400);
    expect(body.uploaded).toEqual([]);
    expect(body.errors.map((e) => e.message)).toEqual([NO_NAME_MESSAGE]);
    expect(await documentNames(target)).toEqual(before);
  });

  attack("late.html checked as text is served as text/plain and saved as late.txt", async (target) => {
    const { body } = await upload(target, "late.html", enc("Dues paid after June 1 carry a late fee of $5.\n"), "text/html");
    expect(body.uploaded).toEqual(["late.html"]);
    const download = await guestDownload(target, "late.html");
    expect(download.status).toBe(200);
    expect(download.mediaType).toBe("text/plain");
    expect(download.savedAs).toBe("late.txt");
  });

  attack("a PDF named agenda.jpg is saved as agenda.pdf, and one with no extension gets .pdf", async (target) => {
    expect((await upload(target, "agenda.jpg", PDF, "image/jpeg")).body.uploaded).toEqual(["agenda.jpg"]);
    expect((await upload(target, "Annual report", PDF, "application/octet-stream")).body.uploaded).toEqual(["Annual report"]);
    const agenda = await guestDownload(target, "agenda.jpg");
    expect(agenda.mediaType).toBe("application/pdf");
    expect(agenda.savedAs).toBe("agenda.pdf");
    const report = await guestDownload(target, "Annual report");
    expect(report.mediaType).toBe("application/pdf");
    expect(report.savedAs).toBe("Annual report.pdf");
  });

  attack("a rename strips direction characters too, and one that leaves nothing is refused with a message", async (target) => {
    await upload(target, "minutes.txt", enc("Minutes of the May meeting."), "text/plain");
    const id = (await guestDocumentList(target)).find((d) => d.name === "minutes.txt")!.href.split("/").pop()!;
    const cookie = await target.adminCookie();
    /** The rename form of the documents screen's "Rename or delete" dialog (it posts to the dialog's own address). */
    const renameAs = (name: string) =>
      fetch(`${target.url}/admin/documents?manage=${id}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url, Cookie: cookie },
        body: new URLSearchParams({ intent: "rename", id, current: "minutes.txt", name }),
      });

    const refused = await renameAs("\u202E\u2067");
    expect(refused.status).toBe(400);
    // Shown under the name field of the dialog.
    expect(await refused.text()).toMatch(new RegExp(`id="name-error"[^>]*>${NO_NAME_MESSAGE.replaceAll(".", "\\.")}<`));
    expect(await documentNames(target)).toContain("minutes.txt");

    expect((await renameAs("minu\u202Etes.exe.txt")).status).toBe(302);
    expect(await documentNames(target)).toContain("minutes.exe.txt");
    const listed = await guestDocumentList(target);
    expect(listed.map((d) => d.name)).toContain("minutes.exe.txt");
    expect(listed.filter((d) => BIDI.test(d.name))).toEqual([]);
    const download = await guestDownload(target, "minutes.exe.txt");
    expect(download.savedAs).toBe("minutes.exe.txt");
    expect(download.disposition).not.toMatch(BIDI_ENCODED);
  });
});
