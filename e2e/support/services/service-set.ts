// Where this test worker's services are. The global setup (global-setup.ts) starts one service
// set (identity service, OpenID Connect provider, web app, example shop) per Playwright worker on free ports, plus the services all
// sets share (mail inbox, local sign-in provider, webhook receiver), and writes their addresses
// to e2e/.data/services.json. A worker uses the set of its parallel index, so two workers never
// share an identity service or a web app. Read lazily: Playwright also loads the specs in its
// main process, before the global setup has run.

import { readFileSync } from "node:fs";
import path from "node:path";
import { E2E_DATA } from "./processes.ts";

export interface ServiceSet {
  /** The web app as the browser opens it (localhost; the provider is on 127.0.0.1: cross-site). */
  readonly webUrl: string;
  readonly identityPublicUrl: string;
  readonly identityAdminUrl: string;
  readonly adminToken: string;
  /** The OpenID Connect provider and the example shop (not in the deployment suite). */
  readonly oauth2?: OAuth2Services;
  /**
   * The identity service's console token. The console itself starts on first use in a worker
   * (console.ts); in the deployment suite it runs behind nginx (`consoleUrl`).
   */
  readonly consoleToken?: string;
  /** A console already running (the deployment suite's, behind nginx). */
  readonly consoleUrl?: string;
}

export interface OAuth2Services {
  /** The provider's issuer (apps/oauth2's public API). */
  readonly issuer: string;
  readonly adminUrl: string;
  readonly adminToken: string;
  /** The example shop (apps/shop-example), client `moos-shop` of this provider. */
  readonly shopUrl: string;
}

export interface Services {
  /** MailDev's REST API (`GET /email`). */
  readonly mailApiUrl: string;
  /** MailDev's SMTP port, for a service a spec starts itself (guarded-set.ts; this suite's only). */
  readonly smtpPort?: number;
  /** The local sign-in provider (Google, Apple and Facebook stand-ins). */
  readonly providerUrl: string;
  /** The shop's webhook endpoint for the tests (webhook-receiver.mjs). */
  readonly webhookReceiverUrl: string;
  readonly sets: readonly ServiceSet[];
}

/** E2E_SERVICES_FILE: another suite's services (the deployment suite's nginx, e2e/deployment/). */
export const SERVICES_FILE = process.env.E2E_SERVICES_FILE ?? path.join(E2E_DATA, "services.json");

let cached: Services | undefined;

export function services(): Services {
  cached ??= JSON.parse(readFileSync(SERVICES_FILE, "utf8")) as Services;
  return cached;
}

/** This worker's OpenID Connect provider and example shop. */
export function oauth2Services(): OAuth2Services {
  const { oauth2 } = serviceSet();
  if (!oauth2) throw new Error("this suite runs no OpenID Connect provider");
  return oauth2;
}

let ownSet: ServiceSet | undefined;

/**
 * A spec that started an identity service and a web app of its own (guarded-set.ts) uses them
 * while they run, screens and admin calls alike; undefined goes back to the worker's set.
 */
export function useOwnSet(set: ServiceSet | undefined): void {
  ownSet = set;
}

/** This worker's identity service and web app (a spec's own, while they run). */
export function serviceSet(): ServiceSet {
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? "0");
  const set = services().sets[index];
  if (!set) throw new Error(`no service set for parallel index ${index}`);
  return ownSet ? { ...set, ...ownSet } : set;
}

/** The home of the web app's client `moos-app` (CLIENTS): only ever a link target in tests. */
export const MOOS_APP_HOME = "https://app.moos.example/start";
