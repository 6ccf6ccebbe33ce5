import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority.server.ts";

async function run(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks.map((c) => Buffer.from(c, "utf8"))).pipe(lowPriorityModulePreloads()));
}

const HEAD = '<html><head><link rel="modulepreload" href="/a.js" nonce="n"/><link rel="modulepreload" href="/b.js"/><style>é</style></head>';
const BODY = '<body><link rel="modulepreload" href="/c.js"/><p>Héron</p></body></html>';

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload of the head low priority and leaves the body alone", async () => {
    expect(await run([HEAD + BODY])).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js" nonce="n"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/><style>é</style></head>' +
        BODY,
    );
  });

  it("finds the end of the head across chunks, even inside a character's bytes", async () => {
    const whole = Buffer.from(HEAD + BODY, "utf8");
    const chunks: Buffer[] = [];
    for (let i = 0; i < whole.length; i += 7) chunks.push(whole.subarray(i, i + 7));
    const out = await text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
    expect(out).toBe(await run([HEAD + BODY]));
    expect(out).toContain("<p>Héron</p>");
  });

  it("keeps a character whose bytes are split between the chunk that ends the head and the next", async () => {
    const whole = Buffer.from(HEAD + BODY, "utf8");
    const split = whole.indexOf(Buffer.from("é", "utf8"), whole.indexOf("<body>")) + 1; // inside the é of Héron
    const out = await text(Readable.from([whole.subarray(0, split), whole.subarray(split)]).pipe(lowPriorityModulePreloads()));
    expect(out).toBe(await run([HEAD + BODY]));
  });

  it("passes a document without a head through unchanged", async () => {
    expect(await run(["<p>no head ", "here</p>"])).toBe("<p>no head here</p>");
  });
});
