/**
 * Finding 3 (medium): public form bodies of any size were read into memory. A 20 MB urlencoded body to /subscribe
 * (no sign-in) took the server from 160 MB to 1.6 GB. Every body is now held to its route's limit, 1 MB for a form
 * (1,048,576 bytes), from Content-Length and while it arrives; tested here at the edge, both ways.
 */
import http from "node:http";
import { expect } from "vitest";
import { onBothBackEnds } from "./support.ts";

const MB = 1024 * 1024;
const TOO_LARGE = "The request is too large: this address takes at most 1 MB.";

interface Answer {
  status: number;
  body: string;
}

/**
 * Posts `size` bytes of a urlencoded form (`email=aaa…`) to `path`, with Content-Length or chunked (64 KB chunks),
 * and resolves with the answer as soon as it arrives, whether or not the server read the whole body.
 * @param send false: only the headers (the answer must come from Content-Length alone)
 */
function post(url: string, path: string, size: number, { chunked = false, send = true, type = "application/x-www-form-urlencoded" } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { "Content-Type": type, Origin: url };
    if (chunked) headers["Transfer-Encoding"] = "chunked";
    else headers["Content-Length"] = size;
    const request = http.request(`${url}${path}`, { method: "POST", headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.on("error", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    if (!send) return void request.flushHeaders();
    const prefix = Buffer.from("email=");
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const piece = sent === 0 ? Buffer.concat([prefix, chunk]).subarray(0, Math.min(chunk.length, size)) : chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", write);
      }
      request.end();
    };
    write();
  });
}

onBothBackEnds("finding 3: request bodies are held to their route's limit", (attack) => {
  attack("a guest's 20 MB and 50 MB forms to /subscribe are refused from Content-Length, before a byte of the body is read", async ({ url }) => {
    for (const size of [20 * MB, 50 * MB]) {
      const answer = await post(url, "/subscribe", size, { send: false });
      expect(answer.status).toBe(413);
      expect(answer.body).toBe(TOO_LARGE);
    }
  });

  attack("Content-Length at the edge: 1,048,576 bytes are read (the form's own answer), 1,048,577 are refused", async ({ url }) => {
    const at = await post(url, "/subscribe", MB);
    expect(at.status).toBe(400);
    expect(at.body).toContain("That address is too long");
    const above = await post(url, "/subscribe", MB + 1, { send: false });
    expect(above.status).toBe(413);
    expect(above.body).toBe(TOO_LARGE);
  });

  attack("a chunked body (no Content-Length) is counted as it arrives: 1,048,576 bytes pass, 1,048,577 and 20 MB are refused", async ({ url }) => {
    const at = await post(url, "/subscribe", MB, { chunked: true });
    expect(at.status).toBe(400);
    for (const size of [MB + 1, 20 * MB]) {
      const above = await post(url, "/subscribe", size, { chunked: true });
      expect(above.status, `${size} bytes`).toBe(413);
      expect(above.body).toBe(TOO_LARGE);
    }
    // The site answers as before.
    expect((await fetch(`${url}/the-lake`)).status).toBe(200);
  });

  attack("the sign-in, reset and setup forms, and the admin's forms, have the same limit", async ({ url }) => {
    for (const path of ["/login", "/reset-password", "/setup?token=x", "/admin/news", "/unsubscribe/x"]) {
      const answer = await post(url, path, MB + 1, { send: false });
      expect(answer.status, path).toBe(413);
    }
  });

  attack("routes that say otherwise have their own limit: uploads, and the member email worker's JSON", async ({ url }) => {
    // 10 documents of 20 MB and 1 MB of the rest; a guest learns the limit before the sign-in is checked.
    const uploads = 10 * 20 * MB + MB;
    expect((await post(url, "/admin/documents/upload", uploads + 1, { send: false, type: "multipart/form-data; boundary=x" })).status).toBe(413);
    expect((await post(url, "/admin/documents/upload", uploads, { send: false, type: "multipart/form-data; boundary=x" })).status).not.toBe(413);
    const email = await post(url, "/api/email", 4 * MB + 1, { send: false, type: "application/json" });
    expect(email.status).toBe(413);
    expect(email.body).toBe("The request is too large: this address takes at most 4 MB.");
  });
});
