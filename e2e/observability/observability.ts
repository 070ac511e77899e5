// What the observability suite's specs know about its deployment (written by its global setup).

import { readFileSync } from "node:fs";
import path from "node:path";
import { E2E_DATA } from "../support/services/processes.ts";

export const OBSERVABILITY_DATA = path.join(E2E_DATA, "observability");
export const OBSERVABILITY_FILE = path.join(OBSERVABILITY_DATA, "observability.json");
export const OBSERVABILITY_SERVICES_FILE = path.join(OBSERVABILITY_DATA, "services.json");

export interface Observability {
  /** nginx's https address: what customers open. */
  readonly publicUrl: string;
  /** The OpenID provider's public address (its issuer). */
  readonly issuer: string;
  /** A client of the provider that skips consent; its redirect is answered by the spec. */
  readonly shop: { readonly clientId: string; readonly redirectUri: string };
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the suite's OTLP receiver. */
  readonly otlpEndpoint: string;
  /** SENTRY_DSN: the suite's Sentry receiver. */
  readonly sentryDsn: string;
  /** The two databases, for the faults a spec causes (as the PostgreSQL superuser). */
  readonly identityDatabaseUrl: string;
  readonly oauth2DatabaseUrl: string;
  /** The services' JSON log files and nginx's access logs. */
  readonly logs: { readonly identity: string; readonly web: string; readonly nginx: string };
}

let cached: Observability | undefined;

export function observability(): Observability {
  cached ??= JSON.parse(readFileSync(OBSERVABILITY_FILE, "utf8")) as Observability;
  return cached;
}
