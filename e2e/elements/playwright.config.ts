import { defineConfig } from "@playwright/test";
import baseConfig from "../../playwright.config.ts";
import { ELEMENTS_SERVICES_FILE, type Mode } from "./elements-services.ts";

// The Ory Elements suite (`npm run test:elements`): Ory's current UI components in a peer app
// of our own (e2e/elements-app) against the identity service, once through the app's @ory/nextjs
// proxy (project `proxy`) and once as a built app on another origin using CORS (`direct`).
// global-setup.ts builds and starts everything; one worker runs both projects in turn.

// The shared helpers (the MailDev inbox) find the services here.
process.env.E2E_SERVICES_FILE = ELEMENTS_SERVICES_FILE;

export default defineConfig<{ mode: Mode }>({
  ...baseConfig,
  testDir: ".",
  testMatch: "**/*.spec.ts",
  testIgnore: [],
  globalSetup: "./global-setup.ts",
  workers: 1,
  timeout: 120_000,
  use: { ...baseConfig.use, locale: "en-US" },
  projects: [
    { name: "proxy", use: { mode: "proxy" } },
    { name: "direct", use: { mode: "direct" } },
  ],
});
