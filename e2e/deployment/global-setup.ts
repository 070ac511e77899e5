// The deployment suite's global setup: the production build (`scripts/build.mjs --if-changed`)
// started as a real deployment on this machine, each service by `npm run start:production`'s
// script: a throwaway PostgreSQL, two identity service instances on it, the OpenID Connect
// provider (its own database on the same server), two web app instances, Debian's nginx in
// front with TLS (deploy/nginx/moos.conf, as the README's production guide uses it) and MailDev
// as the SMTP server that counts the emails; for the console journey two console instances, the
// provider's client, behind nginx as `console.localhost`. The addresses go to
// e2e/.data/deployment/services.json, in the shape the page objects read (one "set": nginx), plus
// what the specs need to kill and restart an instance.

import { type ChildProcess, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { type PostgresServer, startPostgres } from "../../apps/identity/test/support/postgres.ts";
import { CONSOLE_HOST, renderTemplate, startNginx } from "../support/services/nginx.ts";
import {
  freePorts,
  REPO_ROOT,
  type Started,
  startProcess,
  stopProcesses,
  waitForHttp,
} from "../support/services/processes.ts";
import type { Services } from "../support/services/service-set.ts";
import {
  DEPLOYMENT_DATA,
  DEPLOYMENT_FILE,
  DEPLOYMENT_SERVICES_FILE,
  type Deployment,
  type IdentityInstance,
  identityEnv,
  identityInstanceEnv,
  RESTARTED_PIDS_FILE,
  recordPid,
} from "./deployment.ts";

const ADMIN_TOKEN = "deployment-admin-token-0123456789abcdef";
const OAUTH2_ADMIN_TOKEN = "deployment-oauth2-admin-token-0123456789";
const CONSOLE_TOKEN = "deployment-console-token-0123456789abcdef";
const CONSOLE_CLIENT = { id: "moos-console", secret: "deployment-console-secret-0123456789" };
const SECRET = "deployment-secret-0123456789abcdefghijklmnop";

function build(): void {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  const result = spawnSync(process.execPath, ["scripts/build.mjs", "--if-changed"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("the build failed");
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  build();
  rmSync(DEPLOYMENT_DATA, { recursive: true, force: true });
  mkdirSync(DEPLOYMENT_DATA, { recursive: true });
  const started: Started[] = [];
  let postgres: PostgresServer | undefined;
  const stop = async (): Promise<void> => {
    let restarted: number[] = [];
    try {
      restarted = JSON.parse(readFileSync(RESTARTED_PIDS_FILE, "utf8")) as number[];
    } catch {
      // No instance was restarted.
    }
    await stopProcesses([...started, ...restarted.map((pid) => ({ name: "restarted", pid }))]);
    await postgres?.stop();
  };
  try {
    postgres = await startPostgres();
    const ports = await freePorts(15);
    const [nginxPublic, nginxIdentity, nginxAdmin, smtp, mailWeb, web1, web2] = ports as number[];
    const [oauth2Public, oauth2Admin, console1, console2] = ports.slice(11) as [
      number,
      number,
      number,
      number,
    ];
    const publicUrl = `https://localhost:${nginxPublic}`;
    const consoleUrl = `https://${CONSOLE_HOST}:${nginxPublic}`;
    const identityUrl = `http://127.0.0.1:${nginxIdentity}`;
    const identityAdminUrl = `http://127.0.0.1:${nginxAdmin}`;
    const instances: IdentityInstance[] = [
      { name: "identity-1", publicPort: ports[7] as number, adminPort: ports[8] as number },
      { name: "identity-2", publicPort: ports[9] as number, adminPort: ports[10] as number },
    ];
    const configFile = path.join(DEPLOYMENT_DATA, "identity.yaml");
    writeFileSync(
      configFile,
      renderTemplate("deploy/identity.example.yaml", {
        INSTANCES: String(instances.length),
        PUBLIC_HOST: new URL(publicUrl).host,
        TRUSTED_PROXIES: '"127.0.0.1", "::1"',
        ADMIN_URL: identityAdminUrl,
        ADMIN_TOKEN,
        SECRET,
        SMTP_URI: `smtp://127.0.0.1:${smtp}/?disable_starttls=true`,
        MAIL_FROM: "konto@moos.example",
      }),
    );
    const maildev = startProcess("deployment-maildev", process.execPath, [
      path.join(REPO_ROOT, "node_modules/maildev/dist/bin/maildev.js"),
      ...["--ip", "127.0.0.1", "--smtp", String(smtp), "--web", String(mailWeb), "--silent"],
    ]);
    started.push(maildev);
    const provider = {
      issuer: `http://127.0.0.1:${oauth2Public}`,
      adminUrl: `http://127.0.0.1:${oauth2Admin}`,
      adminToken: OAUTH2_ADMIN_TOKEN,
    };
    const deployment: Deployment = {
      publicUrl,
      identityUrl,
      identityAdminUrl,
      adminToken: ADMIN_TOKEN,
      configFile,
      databaseUrl: postgres.url,
      postgres: { url: postgres.url, dataDir: postgres.dataDir },
      provider,
      instances,
      webPorts: [web1 as number, web2 as number],
      nginxLogs: path.join(DEPLOYMENT_DATA, "nginx-logs"),
      processes: [...instances.map((i) => i.name), "web-1", "web-2", "oauth2", "nginx"],
      consoleUrl,
      consoleToken: CONSOLE_TOKEN,
      consolePorts: [console1 as number, console2 as number],
    };
    const oauth2 = startProvider(deployment, {
      publicPort: oauth2Public,
      adminPort: oauth2Admin,
      databaseUrl: await createDatabase(postgres.url, "oauth2"),
    });
    started.push(oauth2);
    // The release step first (auto_migrate is off in production), then both instances.
    const migrated = spawnSync("npm", ["run", "-s", "migrate"], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...identityEnv(deployment) },
      encoding: "utf8",
    });
    if (migrated.status !== 0) throw new Error(`npm run migrate failed: ${migrated.stderr}`);
    const identities = instances.map((instance) => {
      const process = startProcess(
        instance.name,
        "node",
        ["scripts/start-production.mjs", "identity"],
        { env: identityInstanceEnv(deployment, instance) },
      );
      started.push(process);
      recordPid(instance, process);
      return process;
    });
    await Promise.all([
      ...identities.map((process, index) =>
        waitForHttp(process, `http://127.0.0.1:${instances[index]?.publicPort}/health/ready`),
      ),
      waitForHttp(oauth2, `${provider.issuer}/health/ready`),
    ]);
    const webs = [web1, web2].map((port, index) => {
      const process = startProcess(
        `web-${index + 1}`,
        "node",
        ["scripts/start-production.mjs", "web"],
        {
          env: {
            WEB_PORT: String(port),
            WEB_HOSTNAME: "localhost",
            PUBLIC_BASE_URL: publicUrl,
            ORY_SDK_URL: identityUrl,
            ORY_ADMIN_URL: identityAdminUrl,
            ORY_ADMIN_TOKEN: ADMIN_TOKEN,
            ORY_OAUTH2_ADMIN_URL: provider.adminUrl,
            ORY_OAUTH2_ADMIN_TOKEN: OAUTH2_ADMIN_TOKEN,
            APP_ENV: "production",
            REQUEST_LOG: "true",
          },
        },
      );
      started.push(process);
      recordPid({ name: `web-${index + 1}` }, process);
      return process;
    });
    // Two console instances with the same secrets: a staff session sealed by one is opened by
    // the other (nginx alternates between them).
    const consoles = [console1, console2].map((port, index) => {
      const process = startProcess(
        `console-${index + 1}`,
        "node",
        ["scripts/start-production.mjs", "console"],
        {
          env: {
            CONSOLE_PORT: String(port),
            CONSOLE_HOSTNAME: "localhost",
            CONSOLE_PUBLIC_BASE_URL: consoleUrl,
            CONSOLE_IDENTITY_ADMIN_URL: identityAdminUrl,
            CONSOLE_TOKEN,
            CONSOLE_OIDC_ISSUER: provider.issuer,
            CONSOLE_OIDC_CLIENT_ID: CONSOLE_CLIENT.id,
            CONSOLE_OIDC_CLIENT_SECRET: CONSOLE_CLIENT.secret,
            CONSOLE_SESSION_SECRETS: "deployment-console-session-secret-0123456789",
            CONSOLE_ACCOUNT_URL: publicUrl,
            APP_ENV: "production",
            REQUEST_LOG: "true",
          },
        },
      );
      started.push(process);
      return process;
    });
    await Promise.all([
      ...webs.map((process, index) =>
        waitForHttp(process, `http://localhost:${[web1, web2][index]}/`),
      ),
      ...consoles.map((process, index) =>
        waitForHttp(process, `http://localhost:${[console1, console2][index]}/sign-in`),
      ),
    ]);
    const [identity1, identity2] = instances;
    if (!identity1 || !identity2) throw new Error("the deployment runs two identity instances");
    const nginx = startNginx({
      folder: DEPLOYMENT_DATA,
      name: "nginx",
      listen: {
        public: nginxPublic as number,
        identity: nginxIdentity as number,
        admin: nginxAdmin as number,
      },
      web: [web1 as number, web2 as number],
      identity: [identity1, identity2],
      console: [console1 as number, console2 as number],
    });
    started.push(nginx);
    recordPid({ name: "nginx" }, nginx);
    await waitForHttp(nginx, `${identityUrl}/health/ready`);
    const services: Services = {
      mailApiUrl: `http://127.0.0.1:${mailWeb}/api`,
      providerUrl: "",
      webhookReceiverUrl: "",
      sets: [
        {
          webUrl: publicUrl,
          identityPublicUrl: identityUrl,
          identityAdminUrl,
          adminToken: ADMIN_TOKEN,
          oauth2: { ...provider, shopUrl: "" },
          consoleToken: CONSOLE_TOKEN,
          consoleUrl,
        },
      ],
    };
    writeFileSync(DEPLOYMENT_SERVICES_FILE, JSON.stringify(services, null, 2));
    writeFileSync(DEPLOYMENT_FILE, JSON.stringify(deployment, null, 2));
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
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

/**
 * The OpenID Connect provider as production starts it, the web app as its login app and the
 * console its client (staff sign in there, docs/console.md).
 */
function startProvider(
  deployment: Deployment,
  options: { publicPort: number; adminPort: number; databaseUrl: string },
): Started & { child: ChildProcess } {
  const file = path.join(DEPLOYMENT_DATA, "oauth2.json");
  const { publicUrl, provider } = deployment;
  writeFileSync(
    file,
    JSON.stringify({
      // Its issuer is plain http on loopback here; production refuses that without dev.
      dev: true,
      serve: {
        public: { port: options.publicPort },
        admin: { port: options.adminPort, token: provider.adminToken },
      },
      urls: {
        self: { issuer: provider.issuer },
        login: `${publicUrl}/login`,
        consent: `${publicUrl}/consent`,
        logout: `${publicUrl}/logout`,
        post_logout_redirect: `${publicUrl}/`,
        error: `${publicUrl}/error`,
      },
      secrets: {
        system: ["deployment-oauth2-system-secret"],
        cookie: ["deployment-oauth2-cookie-secret"],
      },
      keys: { publish_ahead: "0s" },
      clients: [
        {
          client_id: CONSOLE_CLIENT.id,
          client_secret: CONSOLE_CLIENT.secret,
          client_name: "Moos Kundenservice",
          redirect_uris: [`${deployment.consoleUrl}/auth/callback`],
          post_logout_redirect_uris: [`${deployment.consoleUrl}/auth/signed-out`],
          grant_types: ["authorization_code"],
          scope: "openid email profile",
          skip_consent: true,
        },
      ],
    }),
  );
  const started = startProcess("oauth2", "node", ["scripts/start-production.mjs", "oauth2"], {
    env: { OAUTH2_CONFIG: file, OAUTH2_DATABASE_URL: options.databaseUrl },
  });
  recordPid({ name: "oauth2" }, started);
  return started;
}
