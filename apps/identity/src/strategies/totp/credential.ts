import type { Deps } from "../../deps/deps.ts";
import { getCredential, type Identity } from "../../identity/identity.ts";
import { schemaOf, traitValue } from "../../identity/traits.ts";

// The `totp` credential holds the otpauth:// URL (secret included: verifying needs it), keyed
// by the identity's id as Kratos does.

/** Authenticator apps (RFC 6238), Kratos's `totp` method. */
export function isTotpEnabled(deps: Deps): boolean {
  return deps.config.selfservice.methods.totp.enabled;
}

export function totpUrlOf(identity: Pick<Identity, "credentials">): string | undefined {
  const url = identity.credentials.find((c) => c.type === "totp")?.config.totp_url;
  return typeof url === "string" && url ? url : undefined;
}

export function setTotpCredential(identity: Identity, url: string, now: Date): void {
  identity.credentials = identity.credentials.filter((c) => c.type !== "totp");
  identity.credentials.push({
    id: crypto.randomUUID(),
    type: "totp",
    identifiers: [identity.id],
    config: { totp_url: url },
    version: 0,
    created_at: now,
    updated_at: now,
  });
  identity.updated_at = now;
}

export function removeTotpCredential(identity: Identity, now: Date): void {
  if (!getCredential(identity, "totp")) return;
  identity.credentials = identity.credentials.filter((c) => c.type !== "totp");
  identity.updated_at = now;
}

/** The issuer apps show: configured, else the public base URL's host name (as Kratos). */
export function totpIssuer(deps: Deps): string {
  const { issuer } = deps.config.selfservice.methods.totp.config;
  return issuer ?? new URL(deps.config.serve.public.base_url).hostname;
}

/** The account name apps show: the login identifier trait (the email), else the identity id. */
export function totpAccountName(deps: Deps, identity: Identity): string {
  const field = schemaOf(deps, identity.schema_id).passwordIdentifierFields[0];
  const value = field ? traitValue(identity.traits, field.path) : undefined;
  return typeof value === "string" && value ? value : identity.id;
}
