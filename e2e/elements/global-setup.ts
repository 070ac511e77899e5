// The Ory Elements suite's global setup: the identity service as production runs it (the
// repository's build, `scripts/build.mjs --if-changed`), the peer app (e2e/elements-app,
// installed and built by build-app.ts, skipped when nothing changed), MailDev, and per mode an
// identity service with its app, all on free ports:
// - proxy: `next dev` on http://localhost:<app>, ORY_SDK_URL the identity service on
//   http://127.0.0.1:<port> (another site: only the app's proxy can reach it with cookies);
// - direct: `next start` of the build on http://localhost:<app>, the identity service on
//   http://localhost:<port> (another origin, the same site), called from the browser with CORS.
// Returns the teardown that stops them all.

import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  freePorts,
  REPO_ROOT,
  type Started,
  startProcess,
  stopProcesses,
  waitForHttp,
} from "../support/services/processes.ts";
import { APP_DIR, buildApp } from "./build-app.ts";
import {
  ELEMENTS_DATA,
  ELEMENTS_SERVICES_FILE,
  type ElementsServices,
  type Mode,
  type ModeServices,
} from "./elements-services.ts";

const ADMIN_TOKEN = "elements-admin-token-not-secret";
const NEXT_BIN = path.join(APP_DIR, "node_modules/next/dist/bin/next");

function buildProduct(): void {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  const result = spawnSync(process.execPath, ["scripts/build.mjs", "--if-changed"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("the build failed");
}

function identityConfig(values: Readonly<Record<string, string>>): string {
  const template = readFileSync(path.join(REPO_ROOT, "e2e/elements/identity.yaml"), "utf8");
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`identity.yaml: no value for \${${name}}`);
    return value;
  });
}

async function startMode(
  mode: Mode,
  ports: { app: number; public: number; admin: number; smtp: number },
  started: Started[],
): Promise<ModeServices> {
  const appUrl = `http://localhost:${ports.app}`;
  const identityHost = mode === "proxy" ? "127.0.0.1" : "localhost";
  const identityPublicUrl = `http://${identityHost}:${ports.public}`;
  const configFile = path.join(ELEMENTS_DATA, `identity-${mode}.yaml`);
  writeFileSync(
    configFile,
    identityConfig({
      PUBLIC_URL: identityPublicUrl,
      PUBLIC_PORT: String(ports.public),
      ADMIN_PORT: String(ports.admin),
      APP_URL: appUrl,
      SMTP_PORT: String(ports.smtp),
      IDENTITY_SCHEMA_URL: `file://${path.join(REPO_ROOT, "apps/identity/config/identity.schema.json")}`,
    }),
  );
  const identity = startProcess(`elements-identity-${mode}`, process.execPath, [
    "apps/identity/dist/main.js",
    "--config",
    configFile,
  ]);
  const app = startProcess(
    `elements-app-${mode}`,
    process.execPath,
    [NEXT_BIN, mode === "proxy" ? "dev" : "start", "--port", String(ports.app)],
    {
      cwd: APP_DIR,
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        // Not 127.0.0.1: the pages and the identity service's UI URLs say localhost.
        HOSTNAME: "localhost",
        // The server side of @ory/nextjs (flows, session, the proxy) talks to the service here.
        ORY_SDK_URL: identityPublicUrl,
        // Ory Elements in the browser: the app's own origin (proxy) or the service (CORS).
        ELEMENTS_SDK_URL: mode === "proxy" ? appUrl : identityPublicUrl,
      },
    },
  );
  started.push(identity, app);
  await Promise.all([
    waitForHttp(identity, `${identityPublicUrl}/health/ready`),
    waitForHttp(app, `${appUrl}/`, 180_000),
  ]);
  return {
    appUrl,
    identityPublicUrl,
    identityAdminUrl: `http://127.0.0.1:${ports.admin}`,
    adminToken: ADMIN_TOKEN,
  };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  buildProduct();
  buildApp();
  rmSync(ELEMENTS_DATA, { recursive: true, force: true });
  mkdirSync(ELEMENTS_DATA, { recursive: true });
  const started: Started[] = [];
  const stop = (): Promise<void> => stopProcesses(started);
  try {
    const [smtp, mailWeb, ...rest] = await freePorts(8);
    const [proxyApp, proxyPublic, proxyAdmin, directApp, directPublic, directAdmin] =
      rest as number[];
    const maildev = startProcess("elements-maildev", process.execPath, [
      path.join(REPO_ROOT, "node_modules/maildev/dist/bin/maildev.js"),
      ...["--ip", "127.0.0.1", "--smtp", String(smtp), "--web", String(mailWeb)],
      "--silent",
    ]);
    started.push(maildev);
    const mailApiUrl = `http://127.0.0.1:${mailWeb}/api`;
    await waitForHttp(maildev, `${mailApiUrl}/email`);
    const [proxy, direct] = await Promise.all([
      startMode(
        "proxy",
        { app: proxyApp!, public: proxyPublic!, admin: proxyAdmin!, smtp: smtp! },
        started,
      ),
      startMode(
        "direct",
        { app: directApp!, public: directPublic!, admin: directAdmin!, smtp: smtp! },
        started,
      ),
    ]);
    const services: ElementsServices = {
      mailApiUrl,
      providerUrl: "",
      webhookReceiverUrl: "",
      sets: [
        { webUrl: proxy.appUrl, ...proxy },
        { webUrl: direct.appUrl, ...direct },
      ],
      modes: { proxy, direct },
    };
    writeFileSync(ELEMENTS_SERVICES_FILE, JSON.stringify(services, null, 2));
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
