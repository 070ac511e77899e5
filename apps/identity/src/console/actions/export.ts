import { type AccountExport, accountExportFormat } from "@moos/contract";
import type { Identity } from "../../identity/identity.ts";
import type { Session } from "../../session/session.ts";
import type { ChangeSpec } from "../change.ts";

// `POST .../export`: the customer's own export (GDPR Art. 20), the file the web app's "download
// my data" gives them (packages/contract's AccountExport), for a customer who asks the shop for
// it. Nothing changes; it needs a reason and a recent sign-in all the same, as it hands personal
// data out.

function linkedProviders(identity: Identity): string[] {
  const providers = identity.credentials.find((c) => c.type === "oidc")?.config.providers;
  const ids = (Array.isArray(providers) ? providers : []).flatMap((entry: unknown) => {
    const provider = (entry as { provider?: unknown } | null)?.provider;
    return typeof provider === "string" ? [provider] : [];
  });
  return [...new Set(ids)].sort();
}

function newsletterOf(identity: Identity): AccountExport["newsletter"] {
  const record = identity.metadata_admin?.newsletter as Record<string, unknown> | undefined;
  if (!record || typeof record.status !== "string") return null;
  return {
    status: record.status,
    subscribed: record.status === "subscribed",
    history: Array.isArray(record.history) ? record.history : [],
  };
}

export function accountExport(
  identity: Identity,
  sessions: readonly Session[],
  now: Date,
): AccountExport {
  return {
    format: accountExportFormat,
    exported_at: now.toISOString(),
    profile: {
      id: identity.id,
      traits: identity.traits,
      created_at: identity.created_at.toISOString(),
      updated_at: identity.updated_at.toISOString(),
    },
    addresses: identity.verifiable_addresses.map((address) => ({
      value: address.value,
      verified: address.verified,
      verified_at: address.verified_at?.toISOString(),
    })),
    linked_providers: linkedProviders(identity),
    newsletter: newsletterOf(identity),
    sessions: sessions.map((session) => ({
      id: session.id,
      authenticated_at: session.authenticated_at.toISOString(),
      expires_at: session.expires_at.toISOString(),
      devices: session.devices.map((device) => ({
        ...(device.user_agent !== undefined ? { user_agent: device.user_agent } : {}),
        ...(device.ip_address !== undefined ? { ip_address: device.ip_address } : {}),
      })),
    })),
  };
}

export const exportData: ChangeSpec<Record<string, never>> = {
  action: "data.export",
  parse: () => ({}),
  async act({ tx, identity, now }) {
    const { sessions } = await tx.sessions.listSessionsOfIdentity(identity.id, {
      active: true,
      limit: 1000,
      offset: 0,
    });
    const file = accountExport(identity, sessions, now);
    return {
      details: { format: file.format, sessions: sessions.length },
      answer: { export: file },
    };
  },
};
