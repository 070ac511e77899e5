import { defineConfig } from "@playwright/test";

// Browser tests: Debian's Chromium (never a downloaded browser) against the real web app,
// the real identity service, the MailDev inbox and the local sign-in provider, started here on
// their own ports (the identity service on 4633/4634 and the provider on 4546, away from the
// 4433/4533/4446 an `npm start` may use). The provider listens on 127.0.0.1 and the web app
// on localhost, so social sign-in comes back cross-site, as in production.
// E2E_REUSE_SERVERS=1 reuses servers already running on these ports (while writing tests).

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const reuseExistingServer = process.env.E2E_REUSE_SERVERS === "1";
const identityPublic = "http://127.0.0.1:4633";
const localProvider = "http://127.0.0.1:4546";

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: "http://localhost:3100",
    launchOptions: { executablePath: "/usr/bin/chromium", args: chromiumArgs },
    trace: "retain-on-failure",
    locale: "de-DE",
  },
  projects: [
    { name: "javascript", use: { javaScriptEnabled: true } },
    {
      name: "no-javascript",
      use: { javaScriptEnabled: false },
      // What only JavaScript shows (the loading screen, the social redirect screen) and passkeys,
      // which need it (their screens' note without it is checked in second-factor.spec.ts).
      testIgnore: ["**/loading.spec.ts", "**/social-redirect.spec.ts", "**/passkey.spec.ts"],
    },
  ],
  webServer: [
    {
      command: "npx maildev --ip 127.0.0.1 --smtp 1125 --web 1180 --silent",
      // MailDev 3's REST API lives under /api.
      url: "http://127.0.0.1:1180/api/email",
      reuseExistingServer,
      timeout: 30_000,
    },
    {
      // The shop's webhook endpoint (e2e/identity.e2e.yaml sends both events to /hooks).
      command: "node e2e/support/webhook-receiver.mjs",
      url: "http://127.0.0.1:4590/events",
      reuseExistingServer,
      timeout: 30_000,
    },
    {
      command: "npx tsx apps/local-provider/src/main.ts",
      url: `${localProvider}/`,
      reuseExistingServer,
      timeout: 30_000,
      env: {
        LOCAL_PROVIDER_PORT: "4546",
        // The callbacks come through the web app, which proxies the identity service.
        LOCAL_PROVIDER_RELYING_PARTIES: "http://localhost:3100/",
      },
    },
    {
      command: "npx tsx apps/identity/src/main.ts --config e2e/identity.e2e.yaml",
      url: `${identityPublic}/health/ready`,
      reuseExistingServer,
      timeout: 60_000,
      // The config file names the ports; these keep a SERVE_*_PORT of the calling shell out.
      env: { SERVE_PUBLIC_PORT: "4633", SERVE_ADMIN_PORT: "4634" },
    },
    {
      // `next build` then `next start` on 3100, from a private copy of apps/web.
      command: "node e2e/support/web-server.mjs",
      url: "http://localhost:3100/",
      reuseExistingServer,
      timeout: 300_000,
      stdout: "ignore",
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        E2E_WEB_PORT: "3100",
        ORY_SDK_URL: identityPublic,
        PUBLIC_BASE_URL: "http://localhost:3100",
        APP_ENV: "local",
        ORY_ADMIN_URL: "http://127.0.0.1:4634",
        ORY_ADMIN_TOKEN: "e2e-admin-token-not-secret",
        // The browser is a client here, not a proxy: whatever X-Forwarded-For it sends is
        // ignored and its own address is the one the identity service records.
        TRUSTED_PROXIES: "",
      },
    },
  ],
});
