/**
 * The lab file upload (issue 27) against the production build, on SQLite and PostgreSQL: the widget's endpoint
 * answers JSON (the next step's address, or the message), a guest is refused, a stale or forged token leads back to
 * the upload, and "Import nothing" removes the file.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { onBothBackEnds, type Target } from "./support.ts";

const IMPORT = "/admin/beach-measurements/import";
const WORKBOOK = path.resolve("tests/fixtures/lab-files/chicago-2015-lab-results-cut.xlsx");

async function upload(target: Target, cookie: string | undefined, file: File | undefined): Promise<Response> {
  const form = new FormData();
  if (file) form.append("file", file);
  else form.append("note", "no file");
  const headers: Record<string, string> = { Accept: "application/json", Origin: target.url };
  if (cookie) headers.Cookie = cookie;
  return fetch(`${target.url}${IMPORT}/upload`, { method: "POST", redirect: "manual", headers, body: form });
}

onBothBackEnds("lab file upload", (attack) => {
  attack("the widget's upload answers the mapping step's address; the step reads the workbook", async (target) => {
    const cookie = await target.adminCookie();
    const bytes = await readFile(WORKBOOK);
    const response = await upload(target, cookie, new File([bytes], "2015 Lab Results.xlsx"));
    expect(response.status).toBe(200);
    const { location } = (await response.json()) as { location: string };
    expect(location).toMatch(/^\/admin\/beach-measurements\/import\?file=[0-9a-f-]{36}$/);
    // React writes "<!-- -->" between a text's parts.
    const page = (await (await fetch(`${target.url}${location}`, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("2015 Lab Results.xlsx (Excel workbook, 4 sheets)");
    expect(page).toContain("sheet &quot;May 18&quot;, line 2: value #NUM! is a formula error, not a result");

    // "Import nothing" removes the file: its address then asks for an upload again.
    const token = /file=([0-9a-f-]+)/.exec(location)![1]!;
    const cancelled = await fetch(`${target.url}${IMPORT}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: target.url },
      body: new URLSearchParams({ file: token, intent: "cancel" }),
    });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe("/admin/beach-measurements");
    const gone = await (await fetch(`${target.url}${location}`, { headers: { Cookie: cookie } })).text();
    expect(gone).toContain("That upload is no longer here: upload the file again.");
  });

  attack("an upload without a file is answered with its message; a forged token reaches no file", async (target) => {
    const cookie = await target.adminCookie();
    const none = await upload(target, cookie, undefined);
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: "Choose a lab file to upload." });
    const forged = await (await fetch(`${target.url}${IMPORT}?file=${encodeURIComponent("../../../etc/passwd")}`, { headers: { Cookie: cookie } })).text();
    expect(forged).toContain("That upload is no longer here: upload the file again.");
  });

  attack("a guest's upload is refused before it is read", async (target) => {
    const response = await upload(target, undefined, new File(["date,value\n2020-01-01,1\n"], "lab.csv"));
    expect([302, 303, 401, 403]).toContain(response.status);
  });
});
