// `npm run start:production [-- identity|web|oauth2|console]`: the built product (`npm run build`)
// as production runs it: compiled JavaScript with NODE_ENV=production, no TypeScript loader, no
// dev tooling, no mail inbox, local sign-in provider or example shop. Without an argument it
// starts the identity service and the web app on this host, the OpenID Connect provider too when
// OAUTH2_CONFIG is set, and the customer-service console when CONSOLE_PUBLIC_BASE_URL is set;
// with one, only that service (to scale them apart). When a service
// exits, the others are stopped and the script exits with its code, so a process manager
// (systemd, Kubernetes) restarts them. SIGTERM and SIGINT are passed on for a graceful shutdown.
// Scaling out means more of these behind a load balancer on one PostgreSQL:
// docs/production.md#scaling-out.
//
// Settings (environment):
//   IDENTITY_CONFIG    the identity service's config file (required); DATABASE_URL and every
//                      other identity setting may also come from the environment
//   OAUTH2_CONFIG      the OpenID Connect provider's config file (required for `oauth2`); its
//                      settings may also come from the environment (OAUTH2_DATABASE_URL sets its
//                      dsn, as DATABASE_URL would be the identity service's)
//   WEB_PORT           the web app's port (3000); WEB_HOSTNAME its address (0.0.0.0)
//   CONSOLE_PORT       the console's port (3100); CONSOLE_HOSTNAME its address (0.0.0.0); its
//                      own settings are CONSOLE_* (docs/configuration.md#customer-service-console)
//   TRUSTED_PROXIES    the web app's proxies (127.0.0.1,::1: nginx on this host), see docs/configuration.md
//   OTEL_*             tracing, for every service: on when OTEL_EXPORTER_OTLP_ENDPOINT is set
//                      (scripts/telemetry-args.mjs); OTEL_SERVICE_NAME defaults to the service
//   SENTRY_DSN, APP_ENV  error reports, for every service (never from APP_ENV=local)
//   and the web app's own settings (PUBLIC_BASE_URL, ORY_SDK_URL, ...), passed through.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { withIdentityProcessEnv } from "./identity-process-env.mjs";
import { telemetryArgs, withServiceName } from "./telemetry-args.mjs";

const root = path.resolve(import.meta.dirname, "..");
const identityMain = path.join(root, "apps/identity/dist/main.js");
const oauth2Main = path.join(root, "apps/oauth2/dist/main.js");
// The web app's own entry (apps/web/server.mjs, copied into the standalone build): Next's
// handler behind a server that records each client's address for TRUSTED_PROXIES.
const webServer = path.join(root, "apps/web/.next/standalone/apps/web/server.mjs");
// The console's entry (apps/console/server.mjs), the same way.
const consoleServer = path.join(root, "apps/console/.next/standalone/apps/console/server.mjs");

function fail(message) {
  console.error(`start:production: ${message}`);
  process.exit(1);
}

const SERVICES = ["identity", "web", "oauth2", "console"];
const only = process.argv[2];
if (only !== undefined && !SERVICES.includes(only)) {
  fail(`unknown service "${only}": use one of ${SERVICES.join(", ")}, or none for all`);
}
const oauth2Config = process.env.OAUTH2_CONFIG;
// Without an argument the provider and the console run where they are configured: not every
// deployment has them.
const consoleWanted = Boolean(process.env.CONSOLE_PUBLIC_BASE_URL);
const wanted = only
  ? [only]
  : ["identity", "web", ...(oauth2Config ? ["oauth2"] : []), ...(consoleWanted ? ["console"] : [])];
const builds = [identityMain, webServer, oauth2Main, consoleServer];
if (!builds.every((file) => existsSync(file))) {
  fail("no build found: run `npm run build` first");
}
const identityConfig = process.env.IDENTITY_CONFIG;
if (wanted.includes("identity") && !identityConfig) {
  fail("IDENTITY_CONFIG must name the identity service's config file");
}
if (wanted.includes("oauth2") && !oauth2Config) {
  fail("OAUTH2_CONFIG must name the OpenID Connect provider's config file");
}

const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
const children = new Map();
let stopping = false;

function start(name, args, options) {
  // Tracing (OTEL_EXPORTER_OTLP_ENDPOINT) starts before the service's own modules load.
  const childEnv = withServiceName(options?.env ?? env, name);
  const child = spawn(process.execPath, [...telemetryArgs(childEnv), ...args], {
    stdio: "inherit",
    ...options,
    env: childEnv,
  });
  children.set(name, child);
  child.on("exit", (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`start:production: ${name} exited (${signal ?? code}); stopping the rest`);
      stop(code === 0 ? 1 : (code ?? 1));
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children.values()) child.kill("SIGTERM");
}

process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));

if (wanted.includes("identity")) {
  start("identity", [identityMain, "--config", path.resolve(identityConfig)], {
    env: withIdentityProcessEnv(env),
  });
}
if (wanted.includes("oauth2")) {
  // The provider reads DATABASE_URL as its dsn; the identity service's must not leak into it.
  const { DATABASE_URL, OAUTH2_DATABASE_URL, ...rest } = env;
  start("oauth2", [oauth2Main, "--config", path.resolve(oauth2Config)], {
    env: { ...rest, ...(OAUTH2_DATABASE_URL ? { DATABASE_URL: OAUTH2_DATABASE_URL } : {}) },
  });
}
if (wanted.includes("web")) {
  start("web", [webServer], {
    cwd: path.dirname(webServer),
    env: {
      ...env,
      PORT: env.WEB_PORT ?? "3000",
      HOST: env.WEB_HOSTNAME ?? "0.0.0.0",
    },
  });
}
if (wanted.includes("console")) {
  start("console", [consoleServer], {
    cwd: path.dirname(consoleServer),
    env: {
      ...env,
      PORT: env.CONSOLE_PORT ?? "3100",
      HOST: env.CONSOLE_HOSTNAME ?? "0.0.0.0",
    },
  });
}
