import { defineConfig } from "@playwright/test";

// Browser tests: Debian's Chromium (never a downloaded browser) against the real product as
// production runs it: the global setup builds it once (scripts/build.mjs) and starts, on free
// ports, one identity service and one web app per worker plus the MailDev inbox, the local
// sign-in provider and the webhook receiver they share (e2e/support/services/). The provider
// listens on 127.0.0.1 and the web apps on localhost, so social sign-in comes back cross-site,
// as in production. E2E_WORKERS sets the number of workers (2), E2E_SKIP_BUILD=1 skips the build.

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  // The deployment, Ory Elements and observability suites have configurations and services of
  // their own.
  testIgnore: ["deployment/**", "elements/**", "observability/**"],
  globalSetup: "./e2e/support/services/global-setup.ts",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    launchOptions: { executablePath: "/usr/bin/chromium", args: chromiumArgs },
    // A failed test keeps its trace (actions, DOM snapshots, console, network) but no screencast:
    // recording one for every test, kept only for the few that fail, took a fifth of the specs'
    // CPU time with JavaScript (Chromium's compositor, and the worker storing the frames).
    trace: { mode: "retain-on-failure", screenshots: false },
    locale: "de-DE",
  },
  projects: [
    { name: "javascript", use: { javaScriptEnabled: true } },
    {
      name: "no-javascript",
      use: { javaScriptEnabled: false },
      // What only JavaScript shows (the loading screen, the social redirect screen) and passkeys,
      // which need it (their screens' note without it is checked in second-factor.spec.ts).
      // A project's testIgnore replaces the top-level one: the other suites are named again.
      testIgnore: [
        "deployment/**",
        "elements/**",
        "observability/**",
        "**/loading.spec.ts",
        "**/social-redirect.spec.ts",
        "**/passkey.spec.ts",
        // Keyboard journeys assert where the app puts focus; without JavaScript the browser does.
        "**/keyboard/**",
        // Screenshots of the same HTML twice would only double the baselines.
        "**/visual.spec.ts",
        // Reflow adds the text-spacing style sheet by script; the layout it checks is the same
        // HTML and CSS either way.
        "**/reflow.spec.ts",
      ],
    },
  ],
});
