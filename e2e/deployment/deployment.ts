// What the deployment suite's specs know about the running deployment (written by its global
// setup), and how they kill and restart an identity instance the way production starts one.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  E2E_DATA,
  REPO_ROOT,
  type Started,
  startProcess,
  waitForHttp,
} from "../support/services/processes.ts";

export const DEPLOYMENT_DATA = path.join(E2E_DATA, "deployment");
export const DEPLOYMENT_FILE = path.join(DEPLOYMENT_DATA, "deployment.json");
export const DEPLOYMENT_SERVICES_FILE = path.join(DEPLOYMENT_DATA, "services.json");
/** Instances a spec restarted, for the global teardown to stop. */
export const RESTARTED_PIDS_FILE = path.join(DEPLOYMENT_DATA, "restarted-pids.json");

export interface IdentityInstance {
  readonly name: string;
  readonly publicPort: number;
  readonly adminPort: number;
}

export interface Deployment {
  /** nginx's https address: what customers open. */
  readonly publicUrl: string;
  /** nginx's internal load balancer for the identity service's public and admin APIs. */
  readonly identityUrl: string;
  readonly identityAdminUrl: string;
  readonly adminToken: string;
  readonly configFile: string;
  readonly databaseUrl: string;
  /** The PostgreSQL cluster both services use, for the specs that crash it (attachPostgres). */
  readonly postgres: { readonly url: string; readonly dataDir: string };
  /** The OpenID Connect provider (its own database on the same server). */
  readonly provider: {
    readonly issuer: string;
    readonly adminUrl: string;
    readonly adminToken: string;
  };
  readonly instances: readonly IdentityInstance[];
  /** The web app's instances' ports (loopback), behind nginx. */
  readonly webPorts: readonly number[];
  /** nginx's access logs (format `moos` in deploy/nginx/moos.conf). */
  readonly nginxLogs: string;
  /** Every service process's name, for its pid file (pidOf): what must never exit. */
  readonly processes: readonly string[];
  /** The customer-service console through nginx (`https://console.localhost:<port>`). */
  readonly consoleUrl: string;
  readonly consoleToken: string;
  /** The console's instances' ports (loopback), behind nginx. */
  readonly consolePorts: readonly number[];
}

let cached: Deployment | undefined;

export function deployment(): Deployment {
  cached ??= JSON.parse(readFileSync(DEPLOYMENT_FILE, "utf8")) as Deployment;
  return cached;
}

/**
 * The environment every identity process of the suite gets: deploy/identity.example.yaml, the
 * database, and what only this machine needs (the schema by absolute path, no internet for the
 * breach check, every customer on one address, a quick courier).
 */
export function identityEnv(deployment: Deployment): Record<string, string> {
  return {
    IDENTITY_CONFIG: deployment.configFile,
    DATABASE_URL: deployment.databaseUrl,
    IDENTITY_SCHEMAS: JSON.stringify([
      {
        id: "default",
        url: `file://${path.join(REPO_ROOT, "apps/identity/config/identity.schema.json")}`,
      },
    ]),
    SELFSERVICE_METHODS_PASSWORD_CONFIG_HAVEIBEENPWNED_ENABLED: "false",
    RATE_LIMITS_SUBMIT_PER_IP_MAX: "100000",
    RATE_LIMITS_FLOW_INIT_PER_IP_MAX: "100000",
    // The bot defence (docs/security.md#the-thresholds-and-why): every customer of this suite
    // comes through nginx from one address, the whole shop behind one IP as no real deployment
    // sees it, so the per-address and per-network counts and the surge are lifted here. The
    // per-identifier count keeps its default, and deploy/identity.example.yaml keeps them all.
    BOT_DEFENCE_IP_CHALLENGE_FROM: "100000",
    BOT_DEFENCE_IP_REFUSE_FROM: "100000",
    BOT_DEFENCE_NETWORK_CHALLENGE_FROM: "100000",
    BOT_DEFENCE_NETWORK_REFUSE_FROM: "100000",
    BOT_DEFENCE_SURGE_MIN_PER_MINUTE: "100000",
    COURIER_DISPATCHER_POLL_INTERVAL: "200ms",
    // Sign-in for the shop's clients goes through the provider's admin API (Hydra's).
    OAUTH2_PROVIDER_URL: deployment.provider.adminUrl,
    OAUTH2_PROVIDER_HEADERS: JSON.stringify({
      Authorization: `Bearer ${deployment.provider.adminToken}`,
    }),
    // An access line per request, so the suite can follow a request id through the logs.
    SERVE_PUBLIC_REQUEST_LOG: "true",
    // The console journey (docs/console.md): its API on, staff with an authenticator app.
    CONSOLE_ENABLED: "true",
    CONSOLE_TOKEN: deployment.consoleToken,
    SELFSERVICE_METHODS_TOTP_ENABLED: "true",
  };
}

/** The environment `npm run start:production -- identity` gets for one instance. */
export function identityInstanceEnv(
  deployment: Deployment,
  instance: IdentityInstance,
): Record<string, string> {
  return {
    ...identityEnv(deployment),
    SERVE_PUBLIC_PORT: String(instance.publicPort),
    SERVE_ADMIN_PORT: String(instance.adminPort),
  };
}

/** The pid of a service's process as started last (a restarted instance has a new one). */
export function pidOf(process: { readonly name: string }): number {
  const pid = Number(
    readFileSync(path.join(DEPLOYMENT_DATA, `${process.name}.pid`), "utf8").trim(),
  );
  if (!Number.isInteger(pid)) throw new Error(`no pid for ${process.name}`);
  return pid;
}

export function recordPid(process: { readonly name: string }, started: Started): void {
  writeFileSync(path.join(DEPLOYMENT_DATA, `${process.name}.pid`), String(started.pid));
}

/** The services' processes that are no longer there. */
export function exitedProcesses(): string[] {
  return deployment().processes.filter((name) => {
    try {
      process.kill(pidOf({ name }), 0);
      return false;
    } catch {
      return true;
    }
  });
}

/** SIGKILL to the instance's process group: the process gets no chance to clean up. */
export function killInstance(instance: IdentityInstance): void {
  process.kill(-pidOf(instance), "SIGKILL");
}

/** Starts the instance again, as production's start script does, and waits until it is ready. */
export async function restartInstance(instance: IdentityInstance): Promise<void> {
  const started = startProcess(
    `${instance.name}-restarted`,
    "node",
    ["scripts/start-production.mjs", "identity"],
    { env: identityInstanceEnv(deployment(), instance) },
  );
  recordPid(instance, started);
  let restarted: number[] = [];
  try {
    restarted = JSON.parse(readFileSync(RESTARTED_PIDS_FILE, "utf8")) as number[];
  } catch {
    // The first restart.
  }
  writeFileSync(RESTARTED_PIDS_FILE, JSON.stringify([...restarted, started.pid]));
  await waitForHttp(started, `http://127.0.0.1:${instance.publicPort}/health/ready`);
}
