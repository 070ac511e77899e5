import type { Deps } from "../deps/deps.ts";
import type { Persistence } from "../persistence/persistence.ts";
import { randomAlphanumeric } from "../session/tokens.ts";
import type { SecurityLink, SecurityLinkKind } from "./records.ts";
import { secretHash } from "./secret-hash.ts";

// The links security notices carry: "This wasn't me" (not_me) and, to the old address after an
// email change, the one that undoes it (undo_email_change). A token is 43 characters from the
// CSPRNG (~256 bits); only its HMAC is stored; it works once and until it expires. Letters and
// digits only, so no six digits can ever stand alone in an email (where codes are looked for).

const tokenPattern = /^[A-Za-z0-9]{43}$/;

function hashLinkToken(deps: Deps, token: string): string {
  return secretHash(deps.config.secrets.default[0]!, "security-link", token);
}

function linkSettings(deps: Deps, kind: SecurityLinkKind): { uiUrl: string; lifespan: number } {
  const { not_me, email_change } = deps.config.security;
  return kind === "not_me"
    ? { uiUrl: not_me.ui_url, lifespan: not_me.lifespan }
    : { uiUrl: email_change.undo.ui_url, lifespan: email_change.undo.lifespan };
}

/** Stores a new link in the caller's transaction; returns its URL (the web app's screen). */
export async function createSecurityLink(
  deps: Deps,
  tx: Persistence,
  input: { kind: SecurityLinkKind; identityId: string; eventId: string; deviceId: string | null },
): Promise<{ url: string; validDays: number }> {
  const token = randomAlphanumeric(43);
  const now = deps.now();
  const { uiUrl, lifespan } = linkSettings(deps, input.kind);
  const link: SecurityLink = {
    id: crypto.randomUUID(),
    token_hash: hashLinkToken(deps, token),
    kind: input.kind,
    identity_id: input.identityId,
    event_id: input.eventId,
    device_id: input.deviceId,
    expires_at: new Date(now.getTime() + lifespan),
    used_at: null,
    created_at: now,
  };
  await tx.security.createLink(link);
  const url = new URL(uiUrl);
  url.searchParams.set("token", token);
  return { url: url.toString(), validDays: Math.max(1, Math.round(lifespan / 86_400_000)) };
}

/** The unused, unexpired link a token names; undefined for anything else, alike. */
export async function findUsableLink(
  deps: Deps,
  token: string | undefined,
): Promise<SecurityLink | undefined> {
  if (!token || !tokenPattern.test(token)) return undefined;
  const link = await deps.persistence.security.findLink(hashLinkToken(deps, token));
  if (!link || link.used_at || link.expires_at <= deps.now()) return undefined;
  return link;
}
