// The customer-service console (apps/console) for the browser tests: started by the first
// console spec a worker runs (a worker fixture, support/console-test.ts), so the specs that do
// not use it pay nothing for it. It runs as production runs it (the standalone build's
// server.mjs) in front of this worker's identity service, registered as a client of this
// worker's OpenID provider through Hydra's admin API (as a shop platform registers), on
// http://localhost:<port>: the same host as the web app, another origin (cookies ignore ports,
// the console's have names of their own).

import path from "node:path";
import {
  freePorts,
  REPO_ROOT,
  type Started,
  startProcess,
  stopProcesses,
  waitForHttp,
} from "./processes.ts";
import type { ServiceSet } from "./service-set.ts";

const CONSOLE_SERVER = path.join(
  REPO_ROOT,
  "apps/console/.next/standalone/apps/console/server.mjs",
);
const CLIENT_SECRET = "e2e-console-client-secret-not-secret";
const SESSION_SECRET = "e2e-console-session-secret-0123456789abcdef";

export interface RunningConsole {
  readonly url: string;
  stop(): Promise<void>;
}

/** Registers the console at the set's provider (Hydra's `POST /admin/clients`). */
async function registerClient(set: ServiceSet, url: string, clientId: string): Promise<void> {
  const oauth2 = set.oauth2;
  if (!oauth2) throw new Error("the console needs the set's OpenID Connect provider");
  const response = await fetch(`${oauth2.adminUrl}/admin/clients`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${oauth2.adminToken}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({
      client_id: clientId,
      client_secret: CLIENT_SECRET,
      client_name: "Moos Kundenservice",
      token_endpoint_auth_method: "client_secret_basic",
      redirect_uris: [`${url}/auth/callback`],
      post_logout_redirect_uris: [`${url}/auth/signed-out`],
      grant_types: ["authorization_code"],
      scope: "openid email profile",
      skip_consent: true,
    }),
  });
  if (response.status !== 201) {
    throw new Error(
      `registering the console answered ${response.status}: ${await response.text()}`,
    );
  }
}

export async function startConsole(set: ServiceSet, index: number): Promise<RunningConsole> {
  if (!set.oauth2 || !set.consoleToken) throw new Error("this set runs no console API");
  const [port] = (await freePorts(1)) as [number];
  const url = `http://localhost:${port}`;
  const clientId = `moos-console-${index}-${port}`;
  await registerClient(set, url, clientId);
  const started = startProcess(`console-${index}`, process.execPath, [CONSOLE_SERVER], {
    cwd: path.dirname(CONSOLE_SERVER),
    env: {
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "localhost",
      APP_ENV: "local",
      // The browser is a client, not a proxy: its own X-Forwarded-For is ignored.
      CONSOLE_TRUSTED_PROXIES: "",
      CONSOLE_PUBLIC_BASE_URL: url,
      CONSOLE_IDENTITY_ADMIN_URL: set.identityAdminUrl,
      CONSOLE_TOKEN: set.consoleToken,
      CONSOLE_OIDC_ISSUER: set.oauth2.issuer,
      CONSOLE_OIDC_CLIENT_ID: clientId,
      CONSOLE_OIDC_CLIENT_SECRET: CLIENT_SECRET,
      CONSOLE_SESSION_SECRETS: SESSION_SECRET,
      CONSOLE_ACCOUNT_URL: set.webUrl,
      REQUEST_LOG: "true",
    },
  });
  const stop = (): Promise<void> => stopProcesses([started as Started]);
  try {
    await waitForHttp(started, `${url}/sign-in`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
