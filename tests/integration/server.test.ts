import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { SUBSCRIBE_ANSWER } from "#app/mail/mail-texts.ts";
import { runServerToExit, startServer, type RunningServer } from "../support/server.ts";

const dirs: string[] = [];
const servers: RunningServer[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-server-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const s of servers.splice(0)) if (s.process.exitCode === null) await s.stop("SIGKILL");
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function signIn(url: string, email: string, password: string) {
  return fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ email, password, intent: "login" }),
  });
}

describe("server start-up", () => {
  it("refuses a bad configuration value and names it", async () => {
    const result = await runServerToExit({ DATA_DIR: dataDir(), PORT: "seventy" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("PORT");
  });

  it("refuses a DATABASE_URL that is not PostgreSQL", async () => {
    const result = await runServerToExit({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://root@localhost/x" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("DATABASE_URL");
  });

  it("migrates, seeds the demo once, creates ADMIN_EMAIL, answers /healthz and shuts down cleanly", async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir, ADMIN_EMAIL: "chair@example.org", ADMIN_PASSWORD: "first-password" };
    const server = await startServer(env);
    servers.push(server);
    expect(await (await fetch(`${server.url}/healthz`)).text()).toBe("ok");
    const home = await (await fetch(server.url)).text();
    expect(home).toContain("Board elections at the annual meeting");
    expect(existsSync(path.join(dir, "shoreline.db"))).toBe(true);

    const signedIn = await signIn(server.url, "chair@example.org", "first-password");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin");

    expect(await server.stop()).toBe(0);
    // The database was closed: SQLite removes the write-ahead log when the last connection closes.
    expect(existsSync(path.join(dir, "shoreline.db-wal"))).toBe(false);

    // A second start keeps the data (no second seed) and resets the administrator's password.
    const again = await startServer({ ...env, ADMIN_PASSWORD: "second-password" });
    servers.push(again);
    const news = await (await fetch(`${again.url}/news-events`)).text();
    expect(news.match(/>Board elections at the annual meeting<\/a><\/h3>/g)?.length).toBe(1);
    expect((await signIn(again.url, "chair@example.org", "first-password")).status).toBe(401);
    expect((await signIn(again.url, "chair@example.org", "second-password")).status).toBe(302);
    expect(await again.stop("SIGINT")).toBe(0);
  });

  it("leaves a new database empty with SEED=none", async () => {
    const server = await startServer({ DATA_DIR: dataDir(), SEED: "none" });
    servers.push(server);
    const home = await (await fetch(server.url)).text();
    expect(home).toContain("We couldn&#x27;t find any News Posts!");
    const lake = await (await fetch(`${server.url}/the-lake`)).text();
    expect(lake).toContain("No measurements found");
    await server.stop();
  });

  it("finishes a request in flight before it exits on SIGTERM", async () => {
    const server = await startServer({ DATA_DIR: dataDir() });
    servers.push(server);
    const inFlight = fetch(`${server.url}/the-lake`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 5));
    const exit = server.stop();
    expect(await inFlight).toContain("Beach conditions");
    expect(await exit).toBe(0);
  });

  it("lets a request in flight at SIGTERM finish for 10 s at most: one answered 9.5 s later gets its whole answer, the process exits 10 s after the signal", async () => {
    const server = await startServer({ DATA_DIR: dataDir(), SEED: "none" });
    servers.push(server);
    const url = new URL(`${server.url}/subscribe`);
    /** A form post whose body comes slowly: its first bytes now, the rest when `finish` is called (or never). */
    const slowPost = (form: string) => {
      const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(form), Origin: server.url } });
      const answer = new Promise<{ status: number; body: string } | Error>((resolve) => {
        request.on("response", (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          res.on("error", resolve);
        });
        request.on("error", resolve);
      });
      request.write(form.slice(0, 6));
      return { answer, finish: () => request.end(form.slice(6)) };
    };
    const finishing = slowPost("email=slow%40example.org&list-beach=on");
    const hanging = slowPost(`email=hanging%40example.org&list-beach=on&pad=${"x".repeat(1000)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = performance.now();
    const exit = server.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 9_500));
    finishing.finish();
    const answered = await finishing.answer;
    expect(answered).not.toBeInstanceOf(Error);
    expect(answered).toMatchObject({ status: 200, body: expect.stringContaining(SUBSCRIBE_ANSWER) });
    expect(await exit).toBe(0);
    const exitedAfter = performance.now() - signalled;
    expect(exitedAfter).toBeGreaterThanOrEqual(10_000);
    expect(exitedAfter).toBeLessThan(10_900);
    expect(await hanging.answer).toBeInstanceOf(Error);
  }, 30_000);

  it("compresses pages and caches hashed assets for a year", async () => {
    const server = await startServer({ DATA_DIR: dataDir() });
    servers.push(server);
    const page = await fetch(server.url, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const asset = readdirSync("build/client/assets").find((f) => f.endsWith(".js"));
    const response = await fetch(`${server.url}/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("cache-control")).toContain("immutable");
    // A script of an earlier build (an old page still open) is a plain 404, never a page rendered over the
    // script's content type (which crashed the response: "Content-Type cannot be set to an Array").
    for (const encoding of ["br", "gzip", "identity"]) {
      const missing = await fetch(`${server.url}/assets/entry.client-OLDBUILD.js`, { headers: { "Accept-Encoding": encoding } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await missing.text()).toBe("Not found");
    }
    expect(server.output()).not.toContain("Content-Type cannot be set");
    await server.stop();
  });

  it("sends the Brotli or gzip copy made at build time, byte-identical to the file once decoded", async () => {
    const server = await startServer({ DATA_DIR: dataDir() });
    servers.push(server);
    const entry = readdirSync("build/client/assets").find((f) => f.startsWith("entry.client-") && f.endsWith(".js"))!;
    const original = readFileSync(`build/client/assets/${entry}`);
    const url = `${server.url}/assets/${entry}`;
    const get = (acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        // node:http, not fetch: fetch decodes the body itself and drops the Content-Length of encoded responses.
        http.get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject);
      });

    const br = await get("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(br.body).toEqual(readFileSync(`build/client/assets/${entry}.br`));
    expect(brotliDecompressSync(br.body)).toEqual(original);
    // Compressed at the highest quality, not on the fly: smaller than the gzip copy.
    const gzip = await get("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body)).toEqual(original);
    expect(br.body.length).toBeLessThan(gzip.body.length);
    const plain = await get("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toEqual(original);
    await server.stop();
  });
});

describe("sign-in throttling", () => {
  it("refuses an account after 5 failed attempts, even with the right password", async () => {
    const server = await startServer({ DATA_DIR: dataDir(), ADMIN_EMAIL: "chair@example.org", ADMIN_PASSWORD: "right-password" });
    servers.push(server);
    for (let i = 0; i < 5; i++) expect((await signIn(server.url, "chair@example.org", `wrong-${i}`)).status).toBe(401);
    const refused = await signIn(server.url, "chair@example.org", "right-password");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many failed sign-in attempts");
    // Another account from the same address is not locked out by these five.
    expect((await signIn(server.url, "other@example.org", "whatever-password")).status).toBe(401);
    await server.stop();
  });
});

describe("mail without SMTP", () => {
  it("writes the password reset message as an .eml file under DATA_DIR/mail", async () => {
    const dir = dataDir();
    const server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: "chair@example.org", ADMIN_PASSWORD: "first-password" });
    servers.push(server);
    const response = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ email: "chair@example.org", intent: "reset" }),
    });
    expect(response.status).toBe(200);
    const mailDir = path.join(dir, "mail");
    await expect.poll(() => (existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith(".eml")).length : 0)).toBe(1);
    await server.stop();
  });
});
