/**
 * The production start sets two malloc arenas and a fixed mmap threshold (docs/decisions/015-two-malloc-arenas.md)
 * wherever it is written: the
 * npm scripts and the systemd unit; the bench measures the server started the same way (scripts/bench.ts).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8");

describe("the production start environment", () => {
  it("is the same in npm start, npm run serve, the systemd unit and the bench", () => {
    const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    expect(scripts.start).toMatch(/MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --optimize-for-size server\/main\.js$/);
    expect(scripts.serve).toBe("MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --optimize-for-size server/main.js");
    expect(read("deploy/systemd/shoreline.service")).toMatch(/^Environment=MALLOC_ARENA_MAX=2$/m);
    expect(read("deploy/systemd/shoreline.service")).toMatch(/^Environment=MALLOC_MMAP_THRESHOLD_=131072$/m);
    expect(read("scripts/bench.ts")).toContain('const START_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };');
  });
});
