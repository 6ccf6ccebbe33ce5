/**
 * `sameOriginWrites` (cross-site request forgery, docs/security.md) in a real Express application over real HTTP,
 * in this process, so that the origin check is tested on its own: behind it in the server, React Router's and
 * better-auth's own checks would hide a weakened one.
 */
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOriginWrites } from "./security.ts";

const PUBLIC_URL = "https://site.example/lake/";
let server: ReturnType<ReturnType<typeof express>["listen"]>;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(sameOriginWrites(PUBLIC_URL));
  app.use((_req, res) => {
    res.type("text/plain").send("passed");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Sends `method` with these headers (the Host header included, which fetch may not set). */
function send(method: string, headers: Record<string, string>): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path: "/subscribe", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"] ?? "", body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("sameOriginWrites: state-changing requests from another site's page are refused", () => {
  it("lets a write from the public address, or from the address the browser used (Host), through", async () => {
    expect((await send("POST", { Origin: "https://site.example" })).body).toBe("passed");
    expect((await send("POST", { Origin: "http://lake.local:8080", Host: "lake.local:8080" })).body).toBe("passed");
    expect((await send("POST", { Origin: `http://127.0.0.1:${port}` })).body).toBe("passed");
  });

  it("lets a write without an Origin through (no browser form or script; one-click unsubscribe, RFC 8058)", async () => {
    expect((await send("POST", {})).body).toBe("passed");
  });

  it("refuses a write from any other origin with 403 and a plain-text reason", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(await send(method, { Origin: "https://evil.example" }), method).toEqual({ status: 403, type: "text/plain; charset=utf-8", body: "Cross-site request refused" });
    }
  });

  it("compares whole origins: a longer host, another scheme, port or subdomain, or the opaque origin is another site", async () => {
    const others = [
      "https://site.example.evil.example",
      "https://site.exampleevil.example",
      "https://evil.site.example",
      "http://site.example",
      "https://site.example:8443",
      "null",
      `http://127.0.0.1:${port}.evil.example`,
      `http://127.0.0.1:${port}0`,
      `https://127.0.0.1:${port}`,
    ];
    for (const origin of others) expect((await send("POST", { Origin: origin })).status, origin).toBe(403);
    // The Host the request names counts as the site only as a whole.
    expect((await send("POST", { Origin: "http://lake.local:8080.evil.example", Host: "lake.local:8080" })).status).toBe(403);
  });

  it("lets reads through from anywhere: GET, HEAD and OPTIONS change nothing", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect((await send(method, { Origin: "https://evil.example" })).status, method).toBe(200);
  });
});
