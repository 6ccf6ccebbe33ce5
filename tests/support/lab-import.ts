/**
 * The Beach Data screen's lab-file import as a browser without JavaScript drives it (issue 27): the file posted as
 * multipart to the import step, which redirects to its mapping and preview; then the step's form posted with the
 * board's choices and one of its buttons ("import-all", "import-good", "check", "cancel").
 */
import { expect } from "vitest";

/** The import step's address. */
export const LAB_IMPORT = "/admin/beach-measurements/import";

/**
 * Uploads a lab CSV to the import step, as its file input sends it without JavaScript, and opens the mapping step it
 * redirects to.
 * @returns the upload's token and the mapping step's page (its preview)
 */
export async function previewLabCsv(site: { url: string }, cookie: string, csv: string): Promise<{ token: string; status: number; html: string }> {
  const form = new FormData();
  form.append("file", new File([csv], "lab.csv", { type: "text/csv" }));
  const upload = await fetch(`${site.url}${LAB_IMPORT}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: site.url }, body: form });
  expect(upload.status).toBe(302);
  const location = upload.headers.get("location") ?? "";
  const token = /[?&]file=([0-9a-f-]+)/.exec(location)?.[1] ?? "";
  const page = await fetch(`${site.url}${location}`, { headers: { Cookie: cookie } });
  return { token, status: page.status, html: await page.text() };
}

/** Posts the import step's form (urlencoded), as its buttons do; returns the status and the page. */
export async function postLabImport(site: { url: string }, cookie: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const response = await fetch(`${site.url}${LAB_IMPORT}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: site.url },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, html: await response.text() };
}

/** Text of the page as HTML escapes it, read back. */
export function decodeHtml(text: string | undefined): string | undefined {
  return text?.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The hidden `checked` field of the import step: the choices its preview is for. */
export function checkedKey(html: string): string {
  return decodeHtml(/name="checked" value="([^"]*)"/.exec(html)?.[1]) ?? "";
}

/**
 * The choices of a `date,value` file of E. coli readings at the first beach, for `postLabImport` after
 * `previewLabCsv`.
 */
export function dateValueChoices(preview: { token: string; html: string }): Record<string, string> {
  return { file: preview.token, checked: checkedKey(preview.html), shape: "long", "column-date": "date", "column-value": "value", parameterId: "ecoli", siteId: "" };
}
