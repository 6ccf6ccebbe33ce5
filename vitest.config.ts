import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/structure/**/*.test.ts", "vite/**/*.test.ts"],
    environment: "node",
    // Three files at a time on the machine's two cores: most integration tests wait on a server they started, on
    // PostgreSQL or on a timer, so one worker (Vitest's default here: cores less one) left the cores a third idle;
    // three keep them busy (the whole run: about 5 minutes instead of 12 or more).
    maxWorkers: 3,
    setupFiles: ["tests/support/vitest-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
