import type { KoaContextWithOIDC } from "oidc-provider";
import { verifyEs256 } from "./keys.ts";
import { claimsOf, type Person } from "./persons.ts";

// What makes the Apple stand-in behave like Sign in with Apple:
// - the client secret is a short-lived ES256 JWT signed with the team's key (iss = team id,
//   sub = client id, aud = the issuer, kid = key id), checked in place of oidc-provider's
//   static secret comparison, so a wrong or expired JWT fails as invalid_client;
// - the form_post response carries the `user` field (name and email as JSON) on the first
//   authorization of a person for the client only, as Apple sends the name just once.

export interface AppleClientSecretCheck {
  clientId: string;
  teamId: string;
  keyId: string;
  /** PEM (SPKI) of the key whose private half the relying party signs with. */
  publicKey: string;
  /** The audience Apple expects: the issuer. */
  audience: string;
}

const maxLifetimeSeconds = 15_777_000; // Apple's limit: six months

export function verifyAppleClientSecret(
  secret: string,
  check: AppleClientSecretCheck,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const verified = verifyEs256(secret, check.publicKey);
  if (!verified) return false;
  const { header, claims } = verified;
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  return (
    header.alg === "ES256" &&
    header.kid === check.keyId &&
    claims.iss === check.teamId &&
    claims.sub === check.clientId &&
    claims.aud === check.audience &&
    Number.isFinite(iat) &&
    Number.isFinite(exp) &&
    iat <= nowSeconds + 60 &&
    exp > nowSeconds &&
    exp - iat <= maxLifetimeSeconds
  );
}

/**
 * Koa middleware for the Apple provider: adds the `user` field to the form_post answer the
 * first time a person authorizes the client.
 */
export function appleUserField(
  personOf: (accountId: string) => Person | undefined,
): (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void> {
  const seen = new Set<string>();
  return async (ctx, next) => {
    await next();
    const accountId = ctx.oidc?.session?.accountId;
    const clientId = ctx.oidc?.client?.clientId;
    if (typeof ctx.body !== "string" || !accountId || !clientId) return;
    if (!ctx.body.includes('<form method="post"') || !ctx.body.includes('name="code"')) return;
    const key = `${clientId}|${accountId}`;
    const person = personOf(accountId);
    if (seen.has(key) || !person) return;
    seen.add(key);
    const claims = claimsOf("apple", person);
    const user = JSON.stringify({
      name: { firstName: person.first, lastName: person.last },
      ...(claims.email ? { email: claims.email } : {}),
    });
    const escaped = user.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
    ctx.body = ctx.body.replace(
      '<input type="hidden" name="code"',
      `<input type="hidden" name="user" value="${escaped}"/>\n<input type="hidden" name="code"`,
    );
  };
}
