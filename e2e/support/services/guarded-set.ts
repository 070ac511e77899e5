// An identity service and a web app of one spec's own, for what the shared set must not do to
// the other specs: the bot defence's thresholds low enough that this browser (127.0.0.1 or ::1,
// like every spec's) meets a proof of work (bot-defence.spec.ts). The identity service takes
// identity.e2e.yaml filled in for it, with `env` on top (a key's path in upper case joined by
// `_`, docs/configuration.md); the web app runs as in a set. While they run, the screens and
// the admin calls use them (`useOwnSet`).

import path from "node:path";
import { ADMIN_TOKEN, WEB_SERVER, webAppEnv, writeIdentityConfig } from "./global-setup.ts";
import { E2E_DATA, freePorts, startProcess, stopProcesses, waitForHttp } from "./processes.ts";
import { oauth2Services, type ServiceSet, services, useOwnSet } from "./service-set.ts";

export interface GuardedSet extends ServiceSet {
  stop(): Promise<void>;
}

export async function startGuardedSet(
  name: string,
  env: Readonly<Record<string, string>>,
): Promise<GuardedSet> {
  const [webPort, publicPort, adminPort] = (await freePorts(3)) as [number, number, number];
  const shared = services();
  if (shared.smtpPort === undefined) throw new Error("this suite's services name no SMTP port");
  const oauth2 = oauth2Services();
  const webUrl = `http://localhost:${webPort}`;
  const configFile = writeIdentityConfig(path.join(E2E_DATA, "sets", name), {
    webUrl,
    publicPort,
    adminPort,
    providerUrl: shared.providerUrl,
    smtpPort: shared.smtpPort,
    webhookReceiverUrl: shared.webhookReceiverUrl,
    oauth2AdminUrl: oauth2.adminUrl,
    oauth2AdminToken: "unused-here",
  });
  const set: ServiceSet = {
    webUrl,
    identityPublicUrl: `http://127.0.0.1:${publicPort}`,
    identityAdminUrl: `http://127.0.0.1:${adminPort}`,
    adminToken: ADMIN_TOKEN,
  };
  const identity = startProcess(
    `identity-${name}`,
    process.execPath,
    ["apps/identity/dist/main.js", "--config", configFile],
    { env },
  );
  const web = startProcess(`web-${name}`, process.execPath, [WEB_SERVER], {
    cwd: path.dirname(WEB_SERVER),
    env: webAppEnv(webPort, set, oauth2),
  });
  const started = [identity, web];
  try {
    await waitForHttp(identity, `${set.identityPublicUrl}/health/ready`);
    await waitForHttp(web, `${webUrl}/`);
  } catch (error) {
    await stopProcesses(started);
    throw error;
  }
  useOwnSet(set);
  return {
    ...set,
    async stop() {
      useOwnSet(undefined);
      await stopProcesses(started);
    },
  };
}
