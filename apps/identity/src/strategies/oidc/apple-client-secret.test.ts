import { generateKeyPairSync } from "node:crypto";
import { verifyAppleClientSecret } from "@moos/local-provider/apple";
import { describe, expect, it } from "vitest";
import { appleClientSecret } from "./apple-client-secret.ts";

// The secret is checked by the local provider's Apple stand-in, which implements Apple's rules.

describe("appleClientSecret", () => {
  const keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const other = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const provider = {
    client_id: "shop.moos.signin",
    issuer_url: "https://appleid.apple.com",
    apple_team_id: "TEAM123456",
    apple_private_key_id: "KEY1234567",
    apple_private_key: keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
  const check = (publicKey = keys.publicKey) => ({
    clientId: "shop.moos.signin",
    teamId: "TEAM123456",
    keyId: "KEY1234567",
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
    audience: "https://appleid.apple.com",
  });

  it("is an ES256 JWT from the team for the Services ID, living five minutes", async () => {
    const now = new Date();
    const secret = await appleClientSecret(provider, now);
    const [header, payload] = secret
      .split(".")
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, "base64url").toString()));
    expect(header).toEqual({ alg: "ES256", kid: "KEY1234567" });
    expect(payload).toMatchObject({
      iss: "TEAM123456",
      sub: "shop.moos.signin",
      aud: "https://appleid.apple.com",
    });
    expect(payload.exp - payload.iat).toBe(300);
    expect(verifyAppleClientSecret(secret, check())).toBe(true);
  });

  it("fails with another key, after it expired, or for another client", async () => {
    const secret = await appleClientSecret(provider, new Date());
    expect(verifyAppleClientSecret(secret, check(other.publicKey))).toBe(false);
    expect(verifyAppleClientSecret(secret, { ...check(), clientId: "other" })).toBe(false);
    const old = await appleClientSecret(provider, new Date(Date.now() - 10 * 60_000));
    expect(verifyAppleClientSecret(old, check())).toBe(false);
  });
});
