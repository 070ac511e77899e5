import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/scripts/**/*.test.ts",
      "apps/identity/src/**/*.test.ts",
      "apps/console/src/**/*.test.ts",
      "apps/identity/test/**/*.test.ts",
      "apps/local-provider/src/**/*.test.ts",
      "apps/oauth2/src/**/*.test.ts",
      "apps/oauth2/test/**/*.test.ts",
      "bench/**/*.test.ts",
      "scripts/**/*.test.ts",
      "deploy/**/*.test.ts",
    ],
    // One empty PGlite data folder per run, which each test's embedded database copies.
    globalSetup: ["apps/identity/test/support/pglite-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
  },
});
