// The customer's data as a JSON file (GDPR Art. 20): profile, addresses and whether each is
// verified, linked sign-in providers, the newsletter consent with its history, and the active
// sessions, in the shape `@moos/contract` fixes (the console's export is the same file). Built
// from the admin API's identity and sessions; secrets (password hashes, provider tokens, the
// pending confirmation's hash) are left out.

import { type AccountExport, accountExportFormat } from "@moos/contract";
import type { Identity, Session } from "@ory/client-fetch";
import { readConsent } from "../newsletter/consent";

/** The file's format (shared with the console's export, `@moos/contract`'s `AccountExport`). */
export const EXPORT_FORMAT = accountExportFormat;

function iso(value: Date | string | undefined | null): string | undefined {
  if (value === undefined || value === null) return undefined;
  return new Date(value).toISOString();
}

/** Provider ids of the oidc credential (its config lists one entry per linked provider). */
function linkedProviders(identity: Identity): string[] {
  const config = identity.credentials?.oidc?.config as { providers?: unknown } | undefined;
  const providers = Array.isArray(config?.providers) ? config.providers : [];
  const ids = providers.flatMap((entry: unknown) => {
    const provider = (entry as { provider?: unknown }).provider;
    return typeof provider === "string" ? [provider] : [];
  });
  return [...new Set(ids)].sort();
}

export function buildAccountExport(
  identity: Identity,
  sessions: readonly Session[],
  now: Date,
): AccountExport {
  const consent = readConsent(identity.metadata_admin);
  return {
    format: EXPORT_FORMAT,
    exported_at: now.toISOString(),
    profile: {
      id: identity.id,
      traits: identity.traits,
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
    },
    addresses: (identity.verifiable_addresses ?? []).map((address) => ({
      value: address.value,
      verified: address.verified,
      verified_at: iso(address.verified_at),
    })),
    linked_providers: linkedProviders(identity),
    newsletter: consent
      ? { status: consent.status, subscribed: consent.subscribed, history: consent.history }
      : null,
    sessions: sessions.map((session) => ({
      id: session.id,
      authenticated_at: iso(session.authenticated_at),
      expires_at: iso(session.expires_at),
      devices: (session.devices ?? []).map((device) => ({
        user_agent: device.user_agent,
        ip_address: device.ip_address,
      })),
    })),
  };
}
