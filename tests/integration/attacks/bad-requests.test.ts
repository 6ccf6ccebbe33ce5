/**
 * Finding 7 (low): bad requests answered 500. `Content-Type: text/plain`, no content type, or a cut-off multipart body
 * to /subscribe, /login or /reset-password; a board photo's alt text over 1,000 characters, or with CRLF line breaks
 * as browsers send them. Each is now a 4xx with its reason, and nothing is written. (`/api/email` with `&#x110000;`:
 * member-mail-html.test.ts.)
 */
import { expect } from "vitest";
import { onBothBackEnds, type Target } from "./support.ts";

const PUBLIC_FORMS = ["/subscribe", "/login", "/reset-password", "/subscriptions/x"];
const WRONG_TYPE = "This address takes application/x-www-form-urlencoded or multipart/form-data; send the request as that.";
const UNREADABLE = "The form could not be read: it was cut off or malformed. Please send it again.";

/** A board member of the demo content, with the photo it was seeded with. */
async function boardMember(target: Target) {
  const rows = await target.db.db.selectFrom("site_item").select(["id", "data"]).where("kind", "=", "board").execute();
  const row = rows.find((r) => JSON.parse(r.data).photoId)!;
  return { id: row.id, data: JSON.parse(row.data) as { name: string; title: string; photoId: string } };
}

/** Posts the board screen's edit form (multipart, as the browser sends it) for `id`. */
async function saveBoardMember(target: Target, id: string, fields: Record<string, string>) {
  const form = new FormData();
  form.set("id", id);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return fetch(`${target.url}/admin/board`, { method: "POST", redirect: "manual", headers: { Origin: target.url, Cookie: await target.adminCookie() }, body: form });
}

onBothBackEnds("finding 7: a malformed request gets a 4xx with its reason", (attack) => {
  attack("a public form posted as text/plain, or with no content type, is refused with 415 and what to send", async ({ url }) => {
    for (const path of PUBLIC_FORMS) {
      for (const headers of [{ "Content-Type": "text/plain" }, {}, { "Content-Type": "application/json" }] as Record<string, string>[]) {
        const response = await fetch(`${url}${path}`, { method: "POST", headers: { Origin: url, ...headers }, body: "email=a%40b.org" });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(415);
        expect(await response.text()).toBe(WRONG_TYPE);
      }
    }
  });

  attack("the one-click unsubscribe and the confirming button read no body: any type is taken, as mailbox providers send it (RFC 8058)", async ({ url }) => {
    for (const path of ["/unsubscribe/x", "/subscribe/confirm/x"]) {
      for (const headers of [{ "Content-Type": "text/plain" }, {}, { "Content-Type": "multipart/form-data; boundary=x" }] as Record<string, string>[]) {
        const response = await fetch(`${url}${path}`, { method: "POST", headers, body: "List-Unsubscribe=One-Click" });
        // The made-up token is refused as any invalid link is, whatever the body.
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
      }
    }
  });

  attack("a multipart body cut off before its closing boundary is refused with 400 and its reason, and subscribes nobody", async ({ url, db }) => {
    const body = '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\ncut-off@example.org\r\n--x\r\nContent-Disposition: form-data; name="list-news"\r\n\r\no';
    for (const path of PUBLIC_FORMS) {
      const response = await fetch(`${url}${path}`, { method: "POST", headers: { Origin: url, "Content-Type": "multipart/form-data; boundary=x" }, body });
      expect(response.status, path).toBe(400);
      expect((await response.text()).includes(UNREADABLE), `${path}: the reason`).toBe(true);
    }
    const boundaryless = await fetch(`${url}/subscribe`, { method: "POST", headers: { Origin: url, "Content-Type": "multipart/form-data" }, body: "email=a%40b.org" });
    expect(boundaryless.status).toBe(400);
    expect(await db.db.selectFrom("subscriber").select("email").where("email", "=", "cut-off@example.org").execute()).toEqual([]);
  });

  attack("a kept photo's alt text of 1,001 characters is a field error; nothing of the edit is saved", async (target) => {
    const member = await boardMember(target);
    const response = await saveBoardMember(target, member.id, { name: "Changed Name", title: member.data.title, photoAlt: "x".repeat(1001) });
    expect(response.status).toBe(400);
    expect((await response.text()).includes("Please describe the picture in at most 1000 characters.")).toBe(true);
    expect((await boardMember(target)).data.name).toBe(member.data.name);
  });

  attack("alt text with CRLF line breaks, as browsers send a textarea's, counts each break once: 1,000 characters are saved", async (target) => {
    const member = await boardMember(target);
    // 500 + CRLF + 499 is 1,001 characters as sent and 1,000 as typed.
    const alt = `${"a".repeat(500)}\r\n${"b".repeat(499)}`;
    const response = await saveBoardMember(target, member.id, { name: member.data.name, title: member.data.title, photoAlt: alt });
    expect(response.status).toBe(302);
    const image = await target.db.db.selectFrom("image").select("alt").where("id", "=", member.data.photoId).executeTakeFirstOrThrow();
    expect(image.alt).toBe(`${"a".repeat(500)}\n${"b".repeat(499)}`);
  });
});
