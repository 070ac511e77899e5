import { defineConfig } from "@playwright/test";
import baseConfig from "../../playwright.config.ts";
import { OBSERVABILITY_SERVICES_FILE } from "./observability.ts";

// The observability suite (`npm run test:observability`): the production build started by
// `npm run start:production` with tracing and error reports on (e2e/observability/global-setup.ts:
// nginx, the web app, the identity service and the OpenID provider on a throwaway PostgreSQL),
// exporting to a real OTLP receiver and a real Sentry endpoint in the setup's process. One
// worker: the specs read what the receivers got, and cause faults in the shared databases.

// The page objects find the web app here (e2e/support/services/service-set.ts).
process.env.E2E_SERVICES_FILE = OBSERVABILITY_SERVICES_FILE;

export default defineConfig({
  ...baseConfig,
  testDir: ".",
  testMatch: "**/*.spec.ts",
  testIgnore: [],
  globalSetup: "./global-setup.ts",
  workers: 1,
  timeout: 120_000,
  use: { ...baseConfig.use, ignoreHTTPSErrors: true },
  projects: [{ name: "observability", use: { javaScriptEnabled: true } }],
});
