/**
 * Screenshots of pages at a phone width (390 px) and a desktop width (1280 px), for looking at what we build.
 * Usage: npm run screenshots -- [BASE_URL [OUT_DIR [PATH...]]]
 *   (defaults http://127.0.0.1:3000, test-results/screenshots, /; Chromium from CHROMIUM_PATH or /usr/bin/chromium)
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { parseCommandLine, runCli } from "./lib/cli.ts";

const USAGE = `Usage: npm run screenshots -- [BASE_URL [OUT_DIR [PATH...]]]
  e.g. npm run screenshots -- http://127.0.0.1:3000 test-results/screenshots / /the-lake`;

/** Writes OUT_DIR/<path>-<width>.png for each path at each width and prints each file's name. */
async function takeScreenshots(base: string, out: string, paths: string[]): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const path of paths.length > 0 ? paths : ["/"]) {
        await page.goto(base + path, { waitUntil: "networkidle" });
        const name = `${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`;
        await page.screenshot({ path: `${out}/${name}`, fullPage: true });
        console.log(`${out}/${name}`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

await runCli(USAGE, async () => {
  const { positionals } = parseCommandLine(process.argv.slice(2), { positionals: { max: Number.POSITIVE_INFINITY } });
  const [base = "http://127.0.0.1:3000", out = "test-results/screenshots", ...paths] = positionals;
  await takeScreenshots(base, out, paths);
});
