import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/structure/**/*.test.ts", "vite/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/support/vitest-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
