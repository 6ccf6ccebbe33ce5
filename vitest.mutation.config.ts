/**
 * The tests Stryker runs against each mutant (`npm run test:mutation`, stryker.config.ts): only the fast in-process
 * tests of the mutated modules. A test that starts the production build (`build/`) in a child process never sees a
 * mutant, so none is listed here.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "server/security.test.ts",
      "app/documents/file-types.server.test.ts",
      "app/platform/files/multipart-stream.server.test.ts",
      "app/mail/mail-tokens.server.test.ts",
      "app/beach/status.test.ts",
      "app/beach/state.test.ts",
      "tests/integration/outbox-claim.test.ts",
      "tests/integration/throttle.test.ts",
    ],
    environment: "node",
    setupFiles: ["tests/support/vitest-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
