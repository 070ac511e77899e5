// Playwright's global setup: builds the product once (`scripts/build.mjs --if-changed`; set
// E2E_SKIP_BUILD=1 to run against the last build), then starts, on free ports, what every
// worker shares (MailDev, the local sign-in provider, the webhook receiver) and one service set
// per worker: the identity service, the OpenID Connect provider, the web app and the example
// shop as production runs them (compiled JavaScript, Next's standalone server), all of a set at
// once. Returns the teardown that stops them all.

import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import {
  E2E_DATA,
  freePorts,
  REPO_ROOT,
  type Started,
  startProcess,
  stopProcesses,
  waitForHttp,
} from "./processes.ts";
import {
  MOOS_APP_HOME,
  type OAuth2Services,
  SERVICES_FILE,
  type ServiceSet,
  type Services,
} from "./service-set.ts";

export const ADMIN_TOKEN = "e2e-admin-token-not-secret";
/** The identity service's console.token (docs/console.md#access); the console's server sends it. */
export const CONSOLE_TOKEN = "e2e-console-token-not-secret";
const OAUTH2_ADMIN_TOKEN = "e2e-oauth2-admin-token-not-secret";
/** The example shop's client at each set's provider (apps/oauth2/config/local.yaml's too). */
const SHOP_CLIENT = { id: "moos-shop", secret: "e2e-shop-secret-not-secret" } as const;
/** Ports of one set: web app, identity (public, admin), provider (public, admin), shop. */
const SET_PORTS = 6;
export const WEB_SERVER = path.join(REPO_ROOT, "apps/web/.next/standalone/apps/web/server.mjs");

function build(): void {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  const result = spawnSync(process.execPath, ["scripts/build.mjs", "--if-changed"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("the build failed");
}

/** Fills `${NAME}` in the identity service's test configuration. */
function identityConfig(values: Readonly<Record<string, string>>): string {
  const template = readFileSync(path.join(REPO_ROOT, "e2e/identity.e2e.yaml"), "utf8");
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`identity.e2e.yaml: no value for \${${name}}`);
    return value;
  });
}

/** Where one set's identity service listens and what it talks to. */
export interface IdentitySetup {
  readonly webUrl: string;
  readonly publicPort: number;
  readonly adminPort: number;
  readonly providerUrl: string;
  readonly smtpPort: number;
  readonly webhookReceiverUrl: string;
  readonly oauth2AdminUrl: string;
  readonly oauth2AdminToken: string;
}

/** identity.e2e.yaml filled in for one set, written into the set's folder; the file's path. */
export function writeIdentityConfig(folder: string, setup: IdentitySetup): string {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, "identity.yaml");
  writeFileSync(
    file,
    identityConfig({
      WEB_URL: setup.webUrl,
      PUBLIC_PORT: String(setup.publicPort),
      ADMIN_PORT: String(setup.adminPort),
      ADMIN_TOKEN,
      CONSOLE_TOKEN,
      IDENTITY_SCHEMA_URL: `file://${path.join(REPO_ROOT, "apps/identity/config/identity.schema.json")}`,
      PROVIDER_URL: setup.providerUrl,
      SMTP_PORT: String(setup.smtpPort),
      WEBHOOK_RECEIVER_URL: setup.webhookReceiverUrl,
      OAUTH2_ADMIN_URL: setup.oauth2AdminUrl,
      OAUTH2_ADMIN_TOKEN: setup.oauth2AdminToken,
    }),
  );
  return file;
}

interface Shared {
  readonly mailApiUrl: string;
  readonly smtpPort: number;
  readonly providerUrl: string;
  readonly webhookReceiverUrl: string;
}

async function startShared(
  webUrls: readonly string[],
  ports: readonly number[],
  started: Started[],
): Promise<Shared> {
  const [smtpPort, mailWebPort, providerPort, receiverPort] = ports as [
    number,
    number,
    number,
    number,
  ];
  const maildev = startProcess("maildev", process.execPath, [
    path.join(REPO_ROOT, "node_modules/maildev/dist/bin/maildev.js"),
    ...["--ip", "127.0.0.1", "--smtp", String(smtpPort), "--web", String(mailWebPort)],
    "--silent",
  ]);
  const provider = startProcess(
    "local-provider",
    process.execPath,
    ["apps/local-provider/dist/main.js", "--port", String(providerPort)],
    // The callbacks come through the web apps, which proxy their identity services.
    { env: { LOCAL_PROVIDER_RELYING_PARTIES: webUrls.map((url) => `${url}/`).join(",") } },
  );
  const receiver = startProcess(
    "webhook-receiver",
    process.execPath,
    ["e2e/support/webhook-receiver.mjs"],
    { env: { WEBHOOK_RECEIVER_PORT: String(receiverPort) } },
  );
  started.push(maildev, provider, receiver);
  const shared = {
    mailApiUrl: `http://127.0.0.1:${mailWebPort}/api`,
    smtpPort,
    providerUrl: `http://127.0.0.1:${providerPort}`,
    webhookReceiverUrl: `http://127.0.0.1:${receiverPort}`,
  };
  await Promise.all([
    waitForHttp(maildev, `${shared.mailApiUrl}/email`),
    waitForHttp(provider, `${shared.providerUrl}/`),
    waitForHttp(receiver, `${shared.webhookReceiverUrl}/events`),
  ]);
  return shared;
}

/** The provider's config for a set: the web app as its apps, the shop and the Moos app as clients. */
function oauth2Config(webUrl: string, ports: { public: number; admin: number; shop: number }) {
  const issuer = `http://127.0.0.1:${ports.public}`;
  const shop = `http://127.0.0.1:${ports.shop}`;
  return {
    dev: true,
    dsn: "memory://",
    serve: {
      public: { port: ports.public },
      admin: { port: ports.admin, token: OAUTH2_ADMIN_TOKEN },
    },
    urls: {
      self: { issuer },
      login: `${webUrl}/login`,
      consent: `${webUrl}/consent`,
      logout: `${webUrl}/logout`,
      post_logout_redirect: `${webUrl}/`,
    },
    secrets: {
      system: ["e2e-oauth2-system-secret-not-secret"],
      cookie: ["e2e-oauth2-cookie-secret-not-secret"],
    },
    outbound: { allow_private_addresses: true },
    keys: { publish_ahead: "0s" },
    clients: [
      {
        client_id: SHOP_CLIENT.id,
        client_secret: SHOP_CLIENT.secret,
        client_name: "Moos Shop",
        redirect_uris: [`${shop}/callback`],
        post_logout_redirect_uris: [`${shop}/`],
        backchannel_logout_uri: `${shop}/backchannel-logout`,
        backchannel_logout_session_required: true,
        grant_types: ["authorization_code", "refresh_token"],
        scope: "openid offline_access email profile",
        skip_consent: true,
      },
      {
        client_id: "moos-app",
        client_name: "Moos App",
        token_endpoint_auth_method: "none",
        redirect_uris: ["http://127.0.0.1/callback", "de.moos.app:/oauth2/callback"],
        grant_types: ["authorization_code", "refresh_token"],
        scope: "openid offline_access email profile",
        skip_consent: true,
      },
    ],
  };
}

/** The web app's environment in a set: `set`'s identity service, `oauth2`'s provider and shop. */
export function webAppEnv(
  webPort: number,
  set: ServiceSet,
  oauth2Set: OAuth2Services,
): Record<string, string> {
  const webUrl = set.webUrl;
  return {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(webPort),
    HOST: "localhost",
    // The browser is a client here, not a proxy: whatever X-Forwarded-For it sends is ignored
    // and its own address is the one the identity service records (client-address.spec.ts).
    TRUSTED_PROXIES: "",
    ORY_SDK_URL: set.identityPublicUrl,
    PUBLIC_BASE_URL: webUrl,
    APP_ENV: "local",
    ORY_ADMIN_URL: set.identityAdminUrl,
    ORY_ADMIN_TOKEN: ADMIN_TOKEN,
    ORY_OAUTH2_ADMIN_URL: oauth2Set.adminUrl,
    ORY_OAUTH2_ADMIN_TOKEN: OAUTH2_ADMIN_TOKEN,
    // The example shop stands in for the shop's front page and its legal pages
    // (landing.spec.ts); the Moos app is a client whose home the landing screen offers.
    SHOP_URL: `${oauth2Set.shopUrl}/`,
    TERMS_URL: `${oauth2Set.shopUrl}/agb`,
    PRIVACY_URL: `${oauth2Set.shopUrl}/datenschutz`,
    IMPRINT_URL: `${oauth2Set.shopUrl}/impressum`,
    CLIENTS: JSON.stringify({ "moos-app": { home: MOOS_APP_HOME } }),
  };
}

async function startSet(
  index: number,
  ports: readonly number[],
  shared: Shared,
  started: Started[],
): Promise<ServiceSet> {
  const [webPort, publicPort, adminPort, oauth2Port, oauth2AdminPort, shopPort] = ports as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const webUrl = `http://localhost:${webPort}`;
  const folder = path.join(E2E_DATA, "sets", String(index));
  const configFile = writeIdentityConfig(folder, {
    webUrl,
    publicPort,
    adminPort,
    providerUrl: shared.providerUrl,
    smtpPort: shared.smtpPort,
    webhookReceiverUrl: shared.webhookReceiverUrl,
    oauth2AdminUrl: `http://127.0.0.1:${oauth2AdminPort}`,
    oauth2AdminToken: OAUTH2_ADMIN_TOKEN,
  });
  const oauth2File = path.join(folder, "oauth2.json");
  writeFileSync(
    oauth2File,
    JSON.stringify(
      oauth2Config(webUrl, { public: oauth2Port, admin: oauth2AdminPort, shop: shopPort }),
    ),
  );
  const oauth2Set: OAuth2Services = {
    issuer: `http://127.0.0.1:${oauth2Port}`,
    adminUrl: `http://127.0.0.1:${oauth2AdminPort}`,
    adminToken: OAUTH2_ADMIN_TOKEN,
    shopUrl: `http://127.0.0.1:${shopPort}`,
  };
  const set: ServiceSet = {
    webUrl,
    identityPublicUrl: `http://127.0.0.1:${publicPort}`,
    identityAdminUrl: `http://127.0.0.1:${adminPort}`,
    adminToken: ADMIN_TOKEN,
    oauth2: oauth2Set,
    consoleToken: CONSOLE_TOKEN,
  };
  const identity = startProcess(`identity-${index}`, process.execPath, [
    "apps/identity/dist/main.js",
    "--config",
    configFile,
  ]);
  const web = startProcess(`web-${index}`, process.execPath, [WEB_SERVER], {
    cwd: path.dirname(WEB_SERVER),
    env: webAppEnv(webPort, set, oauth2Set),
  });
  const oauth2 = startProcess(`oauth2-${index}`, process.execPath, [
    "apps/oauth2/dist/main.js",
    "--config",
    oauth2File,
  ]);
  const shop = startProcess(`shop-${index}`, process.execPath, ["apps/shop-example/dist/main.js"], {
    env: {
      SHOP_PORT: String(shopPort),
      SHOP_ISSUER: oauth2Set.issuer,
      SHOP_CLIENT_ID: SHOP_CLIENT.id,
      SHOP_CLIENT_SECRET: SHOP_CLIENT.secret,
      SHOP_ACCOUNT_URL: `${webUrl}/settings`,
    },
  });
  started.push(identity, web, oauth2, shop);
  await Promise.all([
    // The web app is probed at its splash, which asks the identity service for the social
    // buttons and keeps an empty answer for a few seconds when the service is not up yet
    // (screens/social/offered-providers.server.ts): so only once the service is ready.
    waitForHttp(identity, `${set.identityPublicUrl}/health/ready`).then(() =>
      waitForHttp(web, `${webUrl}/`),
    ),
    waitForHttp(oauth2, `${oauth2Set.issuer}/health/ready`),
    waitForHttp(shop, `${oauth2Set.shopUrl}/`),
  ]);
  return set;
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  build();
  rmSync(path.join(E2E_DATA, "logs"), { recursive: true, force: true });
  const started: Started[] = [];
  const stop = (): Promise<void> => stopProcesses(started);
  try {
    const count = Math.max(1, config.workers);
    const ports = await freePorts(4 + SET_PORTS * count);
    const setPorts = Array.from({ length: count }, (_, index) =>
      ports.slice(4 + SET_PORTS * index, 4 + SET_PORTS * (index + 1)),
    );
    const shared = await startShared(
      setPorts.map(([webPort]) => `http://localhost:${webPort}`),
      ports.slice(0, 4),
      started,
    );
    const sets = await Promise.all(
      setPorts.map((ports, index) => startSet(index, ports, shared, started)),
    );
    const services: Services = {
      mailApiUrl: shared.mailApiUrl,
      smtpPort: shared.smtpPort,
      providerUrl: shared.providerUrl,
      webhookReceiverUrl: shared.webhookReceiverUrl,
      sets,
    };
    writeFileSync(SERVICES_FILE, JSON.stringify(services, null, 2));
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
