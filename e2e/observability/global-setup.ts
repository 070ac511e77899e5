// The observability suite's global setup: the production build (`scripts/build.mjs --if-changed`)
// started by `npm run start:production`'s script as the README's production guide runs it, with
// tracing and error reports on: a throwaway PostgreSQL (one database for the identity service,
// one for the OpenID provider), the identity service, the provider, the web app and Debian's
// nginx in front (deploy/nginx/moos.conf), every service exporting its traces to the OTLP
// receiver and its error reports to the Sentry receiver that this process runs
// (e2e/support/otlp-receiver.ts, sentry-receiver.ts). The receivers export OTLP/JSON
// (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) and batch for 100 ms, so a spec sees a request's spans
// soon after it.

import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { type PostgresServer, startPostgres } from "../../apps/identity/test/support/postgres.ts";
import { startOtlpReceiver } from "../support/otlp-receiver.ts";
import { startSentryReceiver } from "../support/sentry-receiver.ts";
import { renderTemplate, startNginx } from "../support/services/nginx.ts";
import {
  E2E_DATA,
  freePorts,
  REPO_ROOT,
  type Started,
  startProcess,
  stopProcesses,
  waitForHttp,
} from "../support/services/processes.ts";
import type { Services } from "../support/services/service-set.ts";
import {
  OBSERVABILITY_DATA,
  OBSERVABILITY_FILE,
  OBSERVABILITY_SERVICES_FILE,
  type Observability,
} from "./observability.ts";

const ADMIN_TOKEN = "observability-admin-token-0123456789";
const OAUTH2_ADMIN_TOKEN = "observability-oauth2-admin-token-0123";
const SECRET = "observability-secret-0123456789abcdefghijk";
const SHOP = { clientId: "observability-shop", redirectUri: "http://shop.moos.test/callback" };

function build(): void {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  const result = spawnSync(process.execPath, ["scripts/build.mjs", "--if-changed"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("the build failed");
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An SMTP server that takes every email (the sign-in's new-device notice goes there). */
async function startSmtp(): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  build();
  rmSync(OBSERVABILITY_DATA, { recursive: true, force: true });
  mkdirSync(OBSERVABILITY_DATA, { recursive: true });
  const [otlp, sentry, smtp] = await Promise.all([
    startOtlpReceiver(),
    startSentryReceiver(),
    startSmtp(),
  ]);
  const started: Started[] = [];
  let postgres: PostgresServer | undefined;
  const stop = async (): Promise<void> => {
    await stopProcesses(started);
    await postgres?.stop();
    await Promise.all([otlp.close(), sentry.close(), smtp.close()]);
  };
  try {
    postgres = await startPostgres();
    const [identityDatabaseUrl, oauth2DatabaseUrl] = await Promise.all([
      createDatabase(postgres.url, "identity"),
      createDatabase(postgres.url, "oauth2"),
    ]);
    const ports = (await freePorts(8)) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const [nginxPublic, nginxIdentity, nginxAdmin, web, identityPublic, identityAdmin] = ports;
    const [oauth2Public, oauth2Admin] = [ports[6], ports[7]];
    const publicUrl = `https://localhost:${nginxPublic}`;
    const identityUrl = `http://127.0.0.1:${nginxIdentity}`;
    const identityAdminUrl = `http://127.0.0.1:${nginxAdmin}`;
    const issuer = `http://127.0.0.1:${oauth2Public}`;
    const oauth2AdminUrl = `http://127.0.0.1:${oauth2Admin}`;

    // Every service: tracing and error reports on, as an operator turns them on.
    const observed = {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "100",
      SENTRY_DSN: sentry.dsn,
      APP_ENV: "staging",
    };
    const configFile = path.join(OBSERVABILITY_DATA, "identity.yaml");
    writeFileSync(
      configFile,
      renderTemplate("deploy/identity.example.yaml", {
        INSTANCES: "1",
        PUBLIC_HOST: new URL(publicUrl).host,
        TRUSTED_PROXIES: '"127.0.0.1", "::1"',
        ADMIN_URL: identityAdminUrl,
        ADMIN_TOKEN,
        SECRET,
        SMTP_URI: `smtp://127.0.0.1:${smtp.port}/?disable_starttls=true`,
        MAIL_FROM: "konto@moos.example",
      }),
    );
    const identity = startProcess(
      "observability-identity",
      "node",
      ["scripts/start-production.mjs", "identity"],
      {
        env: {
          ...observed,
          IDENTITY_CONFIG: configFile,
          DATABASE_URL: identityDatabaseUrl,
          AUTO_MIGRATE: "true",
          SERVE_PUBLIC_PORT: String(identityPublic),
          SERVE_ADMIN_PORT: String(identityAdmin),
          SERVE_PUBLIC_REQUEST_LOG: "true",
          IDENTITY_SCHEMAS: JSON.stringify([
            {
              id: "default",
              url: `file://${path.join(REPO_ROOT, "apps/identity/config/identity.schema.json")}`,
            },
          ]),
          SELFSERVICE_METHODS_PASSWORD_CONFIG_HAVEIBEENPWNED_ENABLED: "false",
          COURIER_DISPATCHER_POLL_INTERVAL: "200ms",
          OAUTH2_PROVIDER_URL: oauth2AdminUrl,
          OAUTH2_PROVIDER_HEADERS: JSON.stringify({
            Authorization: `Bearer ${OAUTH2_ADMIN_TOKEN}`,
          }),
        },
      },
    );
    started.push(identity);
    const oauth2File = path.join(OBSERVABILITY_DATA, "oauth2.json");
    writeFileSync(
      oauth2File,
      JSON.stringify({
        // Its issuer is plain http on loopback here; production refuses that without dev.
        dev: true,
        serve: {
          public: { port: oauth2Public },
          admin: { port: oauth2Admin, token: OAUTH2_ADMIN_TOKEN },
        },
        urls: {
          self: { issuer },
          login: `${publicUrl}/login`,
          consent: `${publicUrl}/consent`,
          logout: `${publicUrl}/logout`,
          post_logout_redirect: `${publicUrl}/`,
        },
        secrets: {
          system: ["observability-oauth2-system-secret"],
          cookie: ["observability-oauth2-cookie-secret"],
        },
        keys: { publish_ahead: "0s" },
        clients: [
          {
            client_id: SHOP.clientId,
            client_secret: "observability-shop-secret-0123456789",
            redirect_uris: [SHOP.redirectUri],
            scope: "openid email profile",
            skip_consent: true,
          },
        ],
      }),
    );
    const oauth2 = startProcess(
      "observability-oauth2",
      "node",
      ["scripts/start-production.mjs", "oauth2"],
      {
        env: { ...observed, OAUTH2_CONFIG: oauth2File, OAUTH2_DATABASE_URL: oauth2DatabaseUrl },
      },
    );
    started.push(oauth2);
    await Promise.all([
      waitForHttp(identity, `http://127.0.0.1:${identityPublic}/health/ready`),
      waitForHttp(oauth2, `${issuer}/health/ready`),
    ]);
    // nginx first: the web app asks the identity service through it from its first page on.
    const instance = { publicPort: identityPublic, adminPort: identityAdmin };
    const nginx = startNginx({
      folder: OBSERVABILITY_DATA,
      name: "observability-nginx",
      listen: { public: nginxPublic, identity: nginxIdentity, admin: nginxAdmin },
      web: [web, web],
      identity: [instance, instance],
    });
    started.push(nginx);
    await waitForHttp(nginx, `${identityUrl}/health/ready`);
    const webApp = startProcess(
      "observability-web",
      "node",
      ["scripts/start-production.mjs", "web"],
      {
        env: {
          ...observed,
          WEB_PORT: String(web),
          WEB_HOSTNAME: "localhost",
          PUBLIC_BASE_URL: publicUrl,
          ORY_SDK_URL: identityUrl,
          ORY_ADMIN_URL: identityAdminUrl,
          ORY_ADMIN_TOKEN: ADMIN_TOKEN,
          ORY_OAUTH2_ADMIN_URL: oauth2AdminUrl,
          ORY_OAUTH2_ADMIN_TOKEN: OAUTH2_ADMIN_TOKEN,
          REQUEST_LOG: "true",
        },
      },
    );
    started.push(webApp);
    await waitForHttp(webApp, `http://localhost:${web}/`);

    const services: Services = {
      mailApiUrl: "",
      providerUrl: "",
      webhookReceiverUrl: "",
      sets: [
        {
          webUrl: publicUrl,
          identityPublicUrl: identityUrl,
          identityAdminUrl,
          adminToken: ADMIN_TOKEN,
          oauth2: {
            issuer,
            adminUrl: oauth2AdminUrl,
            adminToken: OAUTH2_ADMIN_TOKEN,
            shopUrl: new URL(SHOP.redirectUri).origin,
          },
        },
      ],
    };
    writeFileSync(OBSERVABILITY_SERVICES_FILE, JSON.stringify(services, null, 2));
    const logs = path.join(E2E_DATA, "logs");
    const setup: Observability = {
      publicUrl,
      issuer,
      shop: SHOP,
      otlpEndpoint: otlp.endpoint,
      sentryDsn: sentry.dsn,
      identityDatabaseUrl,
      oauth2DatabaseUrl,
      logs: {
        identity: path.join(logs, "observability-identity.log"),
        web: path.join(logs, "observability-web.log"),
        nginx: path.join(OBSERVABILITY_DATA, "nginx-logs"),
      },
    };
    writeFileSync(OBSERVABILITY_FILE, JSON.stringify(setup, null, 2));
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
