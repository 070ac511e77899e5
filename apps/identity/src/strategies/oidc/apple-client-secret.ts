import { importPKCS8, SignJWT } from "jose";
import type { OidcProviderConfig } from "../../config/config.ts";

// Sign in with Apple takes no static client secret: the secret is a JWT signed with ES256 by
// the team's private key (iss = team id, sub = the Services ID, aud = Apple's issuer, kid = the
// key id), valid for at most six months. We make one that lives five minutes for each token
// request, so a leaked secret is useless almost at once.
// https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret

const lifetimeSeconds = 300;

export async function appleClientSecret(
  provider: Pick<
    OidcProviderConfig,
    "client_id" | "issuer_url" | "apple_team_id" | "apple_private_key_id" | "apple_private_key"
  >,
  now: Date,
): Promise<string> {
  const { apple_team_id: teamId, apple_private_key_id: keyId, apple_private_key: pem } = provider;
  if (!teamId || !keyId || !pem)
    throw new Error("apple_team_id, apple_private_key_id and apple_private_key are required");
  const key = await importPKCS8(pem, "ES256");
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: keyId })
    .setIssuer(teamId)
    .setSubject(provider.client_id)
    .setAudience(provider.issuer_url.replace(/\/$/, ""))
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(key);
}
