/**
 * Vitest's setup file (vitest.config.ts and the faults' and mutation runs' configurations), run in each test worker
 * before its test file: takes Shoreline's settings that the caller's shell exported (a deployment's ADMIN_EMAIL,
 * DATABASE_URL, …) out of this process's environment, so that code a test runs in this process and reads
 * `process.env` (`loadConfig()`, `loadScriptConfig()`) sees only what the test gives, as a process it starts does
 * (tests/support/child-env.ts). NODE_ENV stays: it is the test runner's own ("test" unless the caller set it).
 */
import { SETTING_NAMES } from "#app/platform/config.server.ts";

for (const name of SETTING_NAMES) if (name !== "NODE_ENV") delete process.env[name];
