import { createHash } from "node:crypto";
import type { FlowType } from "../flows/flow.ts";
import type { FlowInternal, NamedKey, SecuritySummary } from "../flows/flow-state.ts";
import type { Ctx } from "../http/context.ts";
import type { Identity } from "../identity/identity.ts";
import { currentDeviceId } from "./devices.ts";
import { reportSecurityEvent } from "./events.ts";
import type { SecurityEventType } from "./records.ts";
import { originOf } from "./request-origin.ts";

// What a settings change did to the ways into the account, told as security events: the
// settings flow takes a summary of the identity when a submit starts (sessionForSubmit) and
// compares it with the saved identity when the change completes (completeSettings). One place
// sees every method, also ones added later, and each event carries what the notice names.

const digest = (value: string): string => createHash("sha256").update(value).digest("hex");

function configOf(identity: Identity, type: string): Record<string, unknown> | undefined {
  return identity.credentials.find((c) => c.type === type)?.config;
}

function keysOf(identity: Identity, type: "webauthn" | "passkey"): NamedKey[] {
  const list = configOf(identity, type)?.credentials;
  return (Array.isArray(list) ? list : []).flatMap((key: unknown) => {
    const { id, display_name: name } = (key ?? {}) as Record<string, unknown>;
    return typeof id === "string" ? [{ id, name: typeof name === "string" ? name : "" }] : [];
  });
}

export function securitySummary(identity: Identity): SecuritySummary {
  const hash = configOf(identity, "password")?.hashed_password;
  const codes = configOf(identity, "lookup_secret")?.recovery_codes;
  const codeHashes = (Array.isArray(codes) ? codes : [])
    .map((code: unknown) => (code as { code_hash?: unknown })?.code_hash)
    .filter((value): value is string => typeof value === "string");
  const providers = configOf(identity, "oidc")?.providers;
  return {
    password: typeof hash === "string" && hash ? digest(hash) : null,
    totp: configOf(identity, "totp") !== undefined,
    backupCodes: codeHashes.length > 0 ? digest(codeHashes.sort().join(",")) : null,
    securityKeys: keysOf(identity, "webauthn"),
    passkeys: keysOf(identity, "passkey"),
    providers: (Array.isArray(providers) ? providers : []).flatMap((p: unknown) => {
      const id = (p as { provider?: unknown })?.provider;
      return typeof id === "string" ? [id] : [];
    }),
  };
}

interface Change {
  type: SecurityEventType;
  details: Record<string, unknown>;
}

function keyChanges(
  before: NamedKey[],
  after: NamedKey[],
  added: Change["type"],
  removed: Change["type"],
  details: Record<string, unknown>,
): Change[] {
  const had = new Set(before.map((k) => k.id));
  const has = new Set(after.map((k) => k.id));
  return [
    ...after
      .filter((k) => !had.has(k.id))
      .map((k) => ({ type: added, details: { ...details, name: k.name } })),
    ...before
      .filter((k) => !has.has(k.id))
      .map((k) => ({ type: removed, details: { ...details, name: k.name } })),
  ];
}

/** The security events between two summaries, in a stable order. */
export function securityChanges(before: SecuritySummary, after: SecuritySummary): Change[] {
  const changes: Change[] = [];
  if (after.password && after.password !== before.password)
    changes.push({ type: "password_changed", details: {} });
  if (after.totp !== before.totp)
    changes.push({
      type: after.totp ? "second_factor_added" : "second_factor_removed",
      details: { method: "totp" },
    });
  if (after.backupCodes !== before.backupCodes)
    changes.push({
      type: after.backupCodes ? "second_factor_added" : "second_factor_removed",
      details: { method: "lookup_secret" },
    });
  changes.push(
    ...keyChanges(
      before.securityKeys,
      after.securityKeys,
      "second_factor_added",
      "second_factor_removed",
      {
        method: "webauthn",
      },
    ),
    ...keyChanges(before.passkeys, after.passkeys, "passkey_added", "passkey_removed", {}),
  );
  for (const provider of after.providers.filter((p) => !before.providers.includes(p)))
    changes.push({ type: "social_linked", details: { provider } });
  for (const provider of before.providers.filter((p) => !after.providers.includes(p)))
    changes.push({ type: "social_unlinked", details: { provider } });
  return changes;
}

/**
 * Records (and tells) what the completed settings change did, against the summary the submit
 * started with (`flow.internal.securityBefore`). Without one, nothing is compared.
 */
export async function reportSettingsChanges(
  ctx: Ctx,
  flow: { type: FlowType; internal: Pick<FlowInternal, "securityBefore"> },
  identity: Identity,
): Promise<void> {
  const before = flow.internal.securityBefore;
  delete flow.internal.securityBefore;
  if (!before) return;
  const changes = securityChanges(before, securitySummary(identity));
  if (changes.length === 0) return;
  const { deps } = ctx;
  const deviceId = await currentDeviceId(ctx, identity.id, flow.type);
  const labels = new Map(
    deps.config.selfservice.methods.oidc.config.providers.map((p) => [p.id, p.label]),
  );
  await deps.persistence.transaction(async (tx) => {
    for (const change of changes) {
      const provider = change.details.provider;
      await reportSecurityEvent(deps, tx, {
        identity,
        type: change.type,
        origin: originOf(ctx.request),
        deviceId,
        details:
          typeof provider === "string"
            ? { ...change.details, provider_label: labels.get(provider) ?? provider }
            : change.details,
      });
    }
  });
}
