/**
 * Adding an admin screen is one route module plus one registry entry (issue 9), and the tests follow by themselves.
 * Proof: a copy of this project (its working tree, node_modules linked) gets a throwaway screen, one small module
 * and ONE entry appended to ADMIN_SCREENS in the "site" menu group, and nothing else. The copy is built and served
 * on its own port and data folder, and the SAME checks that every real screen gets (tests/e2e/admin-screen-checks.ts),
 * fed with the copy's registry, must pass: a guest is refused (sent to /login?redirect=/admin/throwaway), the screen
 * is linked under "Site" in the admin menu of a signed-in administrator, and axe finds nothing at 390 and 1280 px.
 *
 * It builds a second copy of the site (about 20 s on two cores), so it runs in its own project after the others
 * (playwright.config.ts: "registry"). Alone: `npx playwright test --project registry --no-deps`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type BrowserContext } from "@playwright/test";
import { DESKTOP, PHONE, REPO_ROOT, signIn } from "../admin-helpers.ts";
import { expectGuestRefusedEverywhere, expectMenuOf, expectScreenAccessible, openScreen, type ScreenRegistry } from "../admin-screen-checks.ts";
import { childEnv } from "../../support/child-env.ts";
import { E2E_ADMIN } from "../helpers.ts";

/** What the copy gets: a route module, and the entry appended to its registry. */
const SCREEN_PATH = "throwaway";
const HEADING = "Throwaway Screen";
const MODULE = `import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "#app/web/context.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("${SCREEN_PATH}");

export function meta() {
  return screenMeta(SCREEN);
}

export function loader({ context, request }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return { note: "A screen added by a test, to see the registry feed the routes, the menu and the checks." };
}

export default function Throwaway({ loaderData }: { loaderData: { note: string } }) {
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p>{loaderData.note}</p>
    </>
  );
}
`;
const ENTRY = `  { path: "${SCREEN_PATH}", file: "routes/admin/${SCREEN_PATH}.tsx", heading: "${HEADING}", menu: { group: "site" } },`;

/** Top-level entries of the repository that the copy leaves out (built, installed, generated or run-time files). */
const LEFT_OUT = new Set(["node_modules", "build", "data", ".git", "test-results", ".e2e", ".react-router", "playwright-report", "tmp"]);

let dir = "";
let server: ChildProcess | undefined;
let output = "";
let baseURL = "";
let registry: ScreenRegistry;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Runs a command in the copy; rejects with its output when it fails. */
async function run(command: string, args: string[], cwd: string): Promise<void> {
  const child = spawn(command, args, { cwd, env: childEnv({ NODE_ENV: "production" }), stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${log}`);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = await mkdtemp(path.join(tmpdir(), "shoreline-throwaway-"));
  const project = path.join(dir, "project");
  await cp(REPO_ROOT, project, {
    recursive: true,
    filter: (source) => !LEFT_OUT.has(path.relative(REPO_ROOT, source).split(path.sep)[0] ?? ""),
  });
  await symlink(path.join(REPO_ROOT, "node_modules"), path.join(project, "node_modules"), "dir");

  // One route module and one registry entry: nothing else changes.
  await writeFile(path.join(project, "app/routes/admin", `${SCREEN_PATH}.tsx`), MODULE);
  const screensFile = path.join(project, "app/routes/admin/screens.ts");
  const source = await readFile(screensFile, "utf8");
  const end = /(export const ADMIN_SCREENS\b[^=]*=\s*\[[\s\S]*?)\n\];/.exec(source);
  expect(end, "ADMIN_SCREENS is an array literal ending in a line `];`").not.toBeNull();
  const at = end!.index + end![1]!.length;
  await writeFile(screensFile, `${source.slice(0, at)}\n${ENTRY}${source.slice(at)}`);

  registry = (await import(pathToFileURL(screensFile).href)) as ScreenRegistry;
  expect(registry.ADMIN_SCREENS.at(-1)).toMatchObject({ path: SCREEN_PATH, heading: HEADING, menu: { group: "site" } });

  await run(path.join(project, "node_modules/.bin/react-router"), ["build"], project);

  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server/main.js"], {
    cwd: project,
    env: childEnv({
      PORT: String(port),
      DATA_DIR: path.join(dir, "data"),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED: "demo",
      LOG_LEVEL: "warn",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) => server!.on("exit", (code) => reject(new Error(`the copy's server exited with ${code}:\n${output}`))));
  const healthy = (async () => {
    for (;;) {
      if (await fetch(`${baseURL}/healthz`).then((r) => r.ok, () => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([healthy, exited]);
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const gone = new Promise((resolve) => server!.on("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A browser context on the copy's server, signed in as its administrator. */
async function signedIn(newContext: (options: { baseURL: string; viewport?: { width: number; height: number } }) => Promise<BrowserContext>, viewport = DESKTOP) {
  const context = await newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page);
  await expect(page).toHaveURL("/admin/news");
  return { context, page };
}

const throwaway = () => registry.ADMIN_SCREENS.find((s) => s.path === SCREEN_PATH)!;

test("the throwaway screen is guarded: a guest is sent to /login?redirect=/admin/throwaway", async ({ playwright }) => {
  const guest = await playwright.request.newContext();
  try {
    const page = await guest.get(`${baseURL}/admin/${SCREEN_PATH}`, { maxRedirects: 0 });
    expect(page.status()).toBe(302);
    expect(page.headers().location).toBe(`/login?redirect=${encodeURIComponent(`/admin/${SCREEN_PATH}`)}`);
    // The same check as every real screen's (tests/e2e/admin-guard.spec.ts), over the copy's whole registry.
    const refused = await expectGuestRefusedEverywhere(guest, baseURL, registry);
    expect(refused).toBe(2 * (1 + registry.ADMIN_SCREENS.length + registry.ADMIN_ENDPOINTS.length));
  } finally {
    await guest.dispose();
  }
});

test("the throwaway screen is in the admin menu, under Site, for a signed-in administrator", async ({ browser }) => {
  const { context, page } = await signedIn((o) => browser.newContext(o));
  try {
    // The menu of a real screen now has the Site group too.
    await expectMenuOf(page, registry);
    const link = page.getByRole("navigation", { name: "Admin" }).getByRole("list", { name: "Site" }).getByRole("link", { name: HEADING, exact: true });
    await expect(link).toHaveAttribute("href", `/admin/${SCREEN_PATH}`);
    await link.click();
    await expect(page).toHaveURL(`/admin/${SCREEN_PATH}`);
    await expect(page.getByRole("heading", { level: 1, name: HEADING })).toBeVisible();
    await expect(page).toHaveTitle(`${HEADING} · Admin`);
    // The same check as every real screen's (tests/e2e/admin-menu.spec.ts).
    await openScreen(page, baseURL, throwaway(), registry);
  } finally {
    await context.close();
  }
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the throwaway screen is scanned by axe at ${viewport.width} px`, async ({ browser }, testInfo) => {
    const { context, page } = await signedIn((o) => browser.newContext(o), viewport);
    try {
      // The same check as every real screen's (tests/e2e/admin-a11y.spec.ts).
      await expectScreenAccessible(page, testInfo, baseURL, throwaway(), registry);
    } finally {
      await context.close();
    }
  });
}
