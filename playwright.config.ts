import { defineConfig } from "@playwright/test";
import { childEnv } from "./tests/support/child-env.ts";

/** The server under test: the production build on a fresh data folder, with a known administrator. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** Outside test-results/, which Playwright empties when a run starts. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e/data";
export const E2E_ADMIN = { email: "admin@shoreline.test", password: "lake-admin-password" };
/** The server's whole environment: its settings and the machine's part of this one, never the caller's settings. */
const SERVER_ENV = childEnv({
  PORT: String(E2E_PORT),
  DATA_DIR: E2E_DATA_DIR,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOG_LEVEL: "warn",
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { browserName: "chromium" }, testIgnore: /(hostile|registry)\// },
    // Writes many hostile records and changes the banner for a while: runs after the others.
    { name: "hostile", use: { browserName: "chromium" }, testMatch: /hostile\/.*\.spec\.ts/, dependencies: ["chromium"] },
    // Builds and serves a copy of the project with a screen added (two cores busy for a while): runs last, alone.
    { name: "registry", use: { browserName: "chromium" }, testMatch: /registry\/.*\.spec\.ts/, dependencies: ["hostile"] },
  ],
  webServer: {
    // Playwright lays its own environment under `env`: `env -i` hands the server the variables of `env` alone.
    command: `rm -rf ${E2E_DATA_DIR} && env -i ${Object.keys(SERVER_ENV).map((name) => `${name}="$${name}"`).join(" ")} node server/main.js`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: SERVER_ENV,
  },
});
