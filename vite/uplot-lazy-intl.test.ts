import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { lazyIntlInUplot } from "./uplot-lazy-intl.ts";

const require = createRequire(import.meta.url);
/** uPlot's ESM build, as the client bundle imports it. */
const UPLOT_ESM = path.join(path.dirname(require.resolve("uplot/package.json")), "dist", "uPlot.esm.js");

describe("uPlot with its Intl formatters built on first use (decision 018)", () => {
  const original = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
  const folders: string[] = [];
  afterEach(() => {
    Object.assign(Intl, original);
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** Loads `source` as a module while Intl's two formatters are counted; the counts, and the module's default export. */
  async function load(source: string) {
    const built: string[] = [];
    for (const name of ["NumberFormat", "DateTimeFormat"] as const) {
      Intl[name] = new Proxy(original[name], {
        construct: (target, args) => (built.push(name), Reflect.construct(target, args)),
        apply: (target, self, args) => (built.push(name), Reflect.apply(target, self, args)),
      }) as never;
    }
    const folder = mkdtempSync(path.join(tmpdir(), "uplot-lazy-intl-"));
    folders.push(folder);
    writeFileSync(path.join(folder, "uPlot.mjs"), source);
    const module = (await import(pathToFileURL(path.join(folder, "uPlot.mjs")).href)) as { default: { fmtNum(value: number): string } };
    return { built, uPlot: module.default };
  }

  it("uPlot as published builds both formatters as its module loads", async () => {
    const { built } = await load(readFileSync(UPLOT_ESM, "utf8"));
    expect(built.sort()).toEqual(["DateTimeFormat", "NumberFormat"]);
  });

  it("rewritten, it loads without Intl and builds the number formatter when a number is written", async () => {
    const { built, uPlot } = await load(lazyIntlInUplot(readFileSync(UPLOT_ESM, "utf8")));
    expect(built).toEqual([]);
    expect(uPlot.fmtNum(1234.5)).toBe("1,234.5");
    expect(uPlot.fmtNum(7)).toBe("7");
    expect(built).toEqual(["NumberFormat"]);
  });

  it("fails the build, naming the statement, when uPlot's source no longer has it", () => {
    const source = readFileSync(UPLOT_ESM, "utf8").replace("const localTz = new Intl.DateTimeFormat()", "const localTz = Intl.DateTimeFormat()");
    expect(() => lazyIntlInUplot(source)).toThrow(/does not have this statement exactly once: const localTz = new Intl\.DateTimeFormat/);
  });
});
