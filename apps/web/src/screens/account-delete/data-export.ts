// The customer's data as a JSON file (GDPR Art. 20): profile, addresses and whether each is
// verified, linked sign-in providers, the newsletter consent with its history, and the active
// sessions. Built from the admin API's identity and sessions; secrets (password hashes, provider
// tokens, the pending confirmation's hash) are left out.

import type { Identity, Session } from "@ory/client-fetch";
import { readConsent } from "../newsletter/consent";

export const EXPORT_FORMAT = "moos-account-export/1";

export interface AccountExport {
  readonly format: typeof EXPORT_FORMAT;
  readonly exported_at: string;
  readonly profile: {
    readonly id: string;
    readonly traits: unknown;
    readonly created_at: string | undefined;
    readonly updated_at: string | undefined;
  };
  readonly addresses: readonly {
    readonly value: string;
    readonly verified: boolean;
    readonly verified_at: string | undefined;
  }[];
  readonly linked_providers: readonly string[];
  readonly newsletter: {
    readonly status: string;
    readonly subscribed: boolean;
    readonly history: readonly unknown[];
  } | null;
  readonly sessions: readonly {
    readonly id: string;
    readonly authenticated_at: string | undefined;
    readonly expires_at: string | undefined;
    readonly devices: readonly { readonly user_agent?: string; readonly ip_address?: string }[];
  }[];
}

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
