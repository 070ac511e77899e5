import { timingSafeEqual } from "node:crypto";
import type { Deps } from "../../deps/deps.ts";
import type { CodeRecord, Persistence } from "../../persistence/persistence.ts";
import { randomAlphanumeric } from "../../session/tokens.ts";
import { hashCode } from "../code/one-time-code.ts";

// Link tokens (Kratos's `link` method): 32 random alphanumerics in the emailed URL, stored only
// as an HMAC keyed with the service secret (like email codes), compared in constant time and
// used once. They live with the flow's codes, under their own kind.

export type LinkKind = "recovery_link" | "verification_link";

/** Stores a new token for the flow and returns the URL that carries it. */
export async function createLinkToken(
  deps: Deps,
  tx: Persistence,
  options: { kind: LinkKind; flowId: string; address: string; identityId: string },
): Promise<string> {
  const token = randomAlphanumeric(32);
  await tx.codes.createCode({
    id: crypto.randomUUID(),
    flow_id: options.flowId,
    kind: options.kind,
    code_hash: hashCode(token, deps.config.secrets.default[0]!),
    address: options.address,
    identity_id: options.identityId,
    used_at: null,
    expires_at: new Date(
      deps.now().getTime() + deps.config.selfservice.methods.link.config.lifespan,
    ),
  });
  const flow = options.kind === "recovery_link" ? "recovery" : "verification";
  const url = new URL(`self-service/${flow}`, deps.config.serve.public.base_url);
  url.searchParams.set("flow", options.flowId);
  url.searchParams.set("token", token);
  return url.toString();
}

/** Uses the flow's token once; undefined when it is unknown, spent or expired. */
export async function useLinkToken(
  deps: Deps,
  options: { kind: LinkKind; flowId: string; token: string },
): Promise<CodeRecord | undefined> {
  const match = await findLinkToken(deps, options);
  if (!match || !(await deps.persistence.codes.useCode(match.id, deps.now()))) return undefined;
  return match;
}

/** The flow's unspent token the link carries, not used yet (the caller uses it up). */
export async function findLinkToken(
  deps: Deps,
  options: { kind: LinkKind; flowId: string; token: string },
): Promise<CodeRecord | undefined> {
  if (!/^[A-Za-z0-9]{32}$/.test(options.token)) return undefined;
  const candidate = Buffer.from(hashCode(options.token, deps.config.secrets.default[0]!), "hex");
  const tokens = await deps.persistence.codes.activeCodesOfFlow(options.flowId, deps.now());
  return tokens.find(
    (t) => t.kind === options.kind && timingSafeEqual(Buffer.from(t.code_hash, "hex"), candidate),
  );
}

export function linkLifespanMinutes(deps: Deps): number {
  return Math.round(deps.config.selfservice.methods.link.config.lifespan / 60_000);
}
