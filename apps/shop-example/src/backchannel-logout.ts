import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from "jose";
import type { RelyingParty } from "./relying-party.ts";

// OpenID Connect Back-Channel Logout 1.0 §2.6: Moos POSTs `logout_token` (a JWT signed with its
// JWKS keys, `typ` logout+jwt) when the customer logs out there; the shop checks it and ends
// the session it names by `sid` (or every session of `sub`). openid-client has no helper for
// it, so jose checks the signature and the standard claims.

const event = "http://schemas.openid.net/event/backchannel-logout";

export interface LogoutOrder {
  sid: string | undefined;
  sub: string | undefined;
}

export class LogoutTokenError extends Error {
  override readonly name = "LogoutTokenError";
}

export function logoutTokenVerifier(rp: RelyingParty): (token: string) => Promise<LogoutOrder> {
  let keys: JWTVerifyGetKey | undefined;
  // A token is good once (§2.6 step 10); ids are kept as long as tokens stay fresh.
  const seen = new Map<string, number>();
  return async (token) => {
    const metadata = (await rp.config()).serverMetadata();
    if (!metadata.jwks_uri) throw new LogoutTokenError("the provider publishes no keys");
    keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
    const { payload } = await jwtVerify(token, keys, {
      issuer: metadata.issuer,
      audience: rp.options.clientId,
      typ: "logout+jwt",
      requiredClaims: ["iat", "jti", "events"],
      maxTokenAge: "2 minutes",
    }).catch((cause: unknown) => {
      throw new LogoutTokenError("the logout token is not valid", { cause });
    });
    const events = payload.events as Record<string, unknown> | undefined;
    if (typeof events?.[event] !== "object") throw new LogoutTokenError("not a logout event");
    if ("nonce" in payload) throw new LogoutTokenError("a logout token carries no nonce");
    const sid = typeof payload.sid === "string" ? payload.sid : undefined;
    if (!sid && !payload.sub) throw new LogoutTokenError("neither sid nor sub");
    const now = Date.now();
    for (const [jti, at] of seen) if (now - at > 5 * 60_000) seen.delete(jti);
    if (seen.has(String(payload.jti))) throw new LogoutTokenError("the token was used before");
    seen.set(String(payload.jti), now);
    return { sid, sub: payload.sub };
  };
}
