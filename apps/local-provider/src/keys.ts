import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  sign,
  verify,
} from "node:crypto";

// Signing keys of the local provider, made fresh at every start (nothing to keep secret), and
// a small compact-JWS helper so tests can mint ID tokens the provider itself would sign.

export interface SigningKey {
  kid: string;
  /** Private JWK as oidc-provider takes it in `jwks`. */
  jwk: JsonWebKey & { kid: string; alg: string; use: string };
}

export function newSigningKey(kid: string): SigningKey {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { kid, jwk: { ...privateKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" } };
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A compact RS256 JWS over the claims, signed with the key (header carries its kid). */
export function signJwt(key: SigningKey, claims: Record<string, unknown>): string {
  const input = `${b64({ alg: "RS256", typ: "JWT", kid: key.kid })}.${b64(claims)}`;
  const privateKey = createPrivateKey({ key: key.jwk, format: "jwk" });
  return `${input}.${sign("sha256", Buffer.from(input), privateKey).toString("base64url")}`;
}

/**
 * Verifies a compact ES256 JWS (Apple's client secret) with a PEM or JWK public key and returns
 * its header and claims; undefined when the signature does not verify.
 */
export function verifyEs256(
  token: string,
  publicKey: string | JsonWebKey,
): { header: Record<string, unknown>; claims: Record<string, unknown> } | undefined {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return undefined;
  const key =
    typeof publicKey === "string"
      ? createPublicKey(publicKey)
      : createPublicKey({ key: publicKey, format: "jwk" });
  const ok = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) return undefined;
  try {
    return {
      header: JSON.parse(Buffer.from(header, "base64url").toString("utf8")),
      claims: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")),
    };
  } catch {
    return undefined;
  }
}
