import { defineConfig } from "vitest/config";

// Unit tests of the web app (components, i18n, validation, flows), run in jsdom so component
// tests can render; run with `npx vitest run --config apps/web/vitest.config.ts [paths]`.
export default defineConfig({
  root: import.meta.dirname,
  // The tsconfig keeps JSX as is for Next.js; tests need it compiled to React's runtime.
  oxc: { jsx: { runtime: "automatic" } },
  test: {
    environment: "jsdom",
    // precompressed-static.test.mjs: the plain Node module server.mjs serves static files with.
    include: ["src/**/*.test.{ts,tsx}", "*.test.mjs"],
    setupFiles: ["./vitest.setup.ts"],
    pool: "forks",
    maxWorkers: 2,
  },
});
