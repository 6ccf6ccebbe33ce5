/**
 * The floor of Node's own HTTP server, for `npm run bench`: a `node:http` server that answers every request with one
 * stored response (status 200, the headers and the body Shoreline sent for a page) and does nothing else. What it
 * reaches is what any Node server can reach with those bytes; Shoreline's stored-page path is measured against it,
 * and it against nginx.
 *
 * Usage (by the bench): node scripts/lib/bare-http-server.ts FILE.json
 *   FILE.json: {"headers": [name, value, name, value, …], "body": "path of the body's file"}
 * Listens on a free loopback port and prints `listening <port>` on standard output; stops on SIGTERM.
 */
import { readFileSync } from "node:fs";
import http from "node:http";

const file = process.argv[2];
if (!file) {
  console.error("Usage: node scripts/lib/bare-http-server.ts FILE.json");
  process.exit(2);
}
const spec = JSON.parse(readFileSync(file, "utf8")) as { headers: string[]; body: string };
const body = readFileSync(spec.body);
const headers = spec.headers;

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : ""}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
