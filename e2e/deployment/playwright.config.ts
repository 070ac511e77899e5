import { defineConfig } from "@playwright/test";
import baseConfig from "../../playwright.config.ts";
import { DEPLOYMENT_SERVICES_FILE } from "./deployment.ts";

// The deployment suite (`npm run test:deployment`): the production build as a real deployment
// (e2e/deployment/global-setup.ts: nginx with TLS, two web apps, two identity instances, one
// PostgreSQL), driven through nginx in Debian's Chromium. One worker: there is one deployment.

// The page objects find the web app and the inbox here (e2e/support/services/service-set.ts).
process.env.E2E_SERVICES_FILE = DEPLOYMENT_SERVICES_FILE;

export default defineConfig({
  ...baseConfig,
  testDir: ".",
  testMatch: "**/*.spec.ts",
  testIgnore: [],
  globalSetup: "./global-setup.ts",
  workers: 1,
  timeout: 120_000,
  use: { ...baseConfig.use, ignoreHTTPSErrors: true },
  projects: [{ name: "deployment", use: { javaScriptEnabled: true } }],
});
