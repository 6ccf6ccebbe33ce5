/**
 * The long fault tests (`npm run test:faults`): kill -9 in the middle of writes, 200 clients at once, graceful
 * shutdown under load. Not part of `npm test`; they need `npm run build` first. One file at a time, so that each
 * has the machine to itself.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/support/vitest-setup.ts"],
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 2 * 60_000,
  },
});
