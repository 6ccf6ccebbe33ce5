/**
 * The pure parts of the cluster harness: the upstream block it takes from the committed nginx configuration, and the
 * access log lines it attributes answers with. The harness itself runs in `npm run test:cluster`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readAccessLog, upstreamBlock } from "./cluster.ts";

describe("upstreamBlock", () => {
  it("puts the given addresses in the committed block, each with the parameters of its first server line", () => {
    const block = upstreamBlock(["127.0.0.1:4001", "127.0.0.1:4002", "127.0.0.1:4003"]);
    const servers = block.split("\n").filter((l) => /^\s*server\s/.test(l)).map((l) => l.trim());
    expect(servers).toEqual([
      "server 127.0.0.1:4001 max_fails=1 fail_timeout=5s;",
      "server 127.0.0.1:4002 max_fails=1 fail_timeout=5s;",
      "server 127.0.0.1:4003 max_fails=1 fail_timeout=5s;",
    ]);
    expect(block).toMatch(/^upstream shoreline \{/);
    expect(block).toContain("keepalive 32;");
    expect(block).not.toContain("10.0.0.");
  });

  it("refuses a configuration without the block", () => {
    expect(() => upstreamBlock(["127.0.0.1:4001"], "http { }")).toThrow(/upstream shoreline/);
  });
});

describe("readAccessLog", () => {
  it("reads every instance nginx tried, in order", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shoreline-cluster-log-"));
    try {
      const file = path.join(dir, "access.log");
      writeFileSync(
        file,
        [
          "1795542733.528 r12 200 GET 127.0.0.1:4002 200 0.015",
          "1795542733.600 r13 200 GET 127.0.0.1:4002, 127.0.0.1:4003 502, 200 0.020",
          "1795542733.700 n14 502 POST 127.0.0.1:4002 502 0.001",
          "1795542733.800 - 404 GET - - 0.000",
          "",
        ].join("\n"),
      );
      const entries = readAccessLog(file);
      expect(entries.map((e) => [e.testId, e.status, e.method, e.upstreams, e.upstreamStatuses])).toEqual([
        ["r12", 200, "GET", ["127.0.0.1:4002"], ["200"]],
        ["r13", 200, "GET", ["127.0.0.1:4002", "127.0.0.1:4003"], ["502", "200"]],
        ["n14", 502, "POST", ["127.0.0.1:4002"], ["502"]],
        ["-", 404, "GET", [], []],
      ]);
      expect(entries[1]!.seconds).toBe(0.02);
      expect(readAccessLog(path.join(dir, "missing.log"))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
