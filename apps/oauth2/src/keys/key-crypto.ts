import {
  createCipheriv,
  createDecipheriv,
  generateKeyPair,
  hkdfSync,
  type JsonWebKey,
  randomBytes,
  randomUUID,
} from "node:crypto";
import { promisify } from "node:util";
import type { SigningAlgorithm } from "../config/config.ts";

const generate = promisify(generateKeyPair);

// Signing key material. Private keys are stored encrypted with AES-256-GCM under a key derived
// (HKDF-SHA256) from `secrets.system`, as Hydra encrypts its JWKs with its system secret: a
// copy of the database alone cannot sign tokens. The first system secret encrypts; all of them
// are tried when decrypting, so a secret can be rotated by putting the new one first.

export type Jwk = JsonWebKey & { kid: string; alg: string; use: string; kty: string };

export interface NewKey {
  kid: string;
  alg: SigningAlgorithm;
  publicJwk: Jwk;
  privateJwk: Jwk;
}

export async function generateSigningKey(
  alg: SigningAlgorithm,
  kid: string = randomUUID(),
): Promise<NewKey> {
  const { publicKey, privateKey } =
    alg === "ES256"
      ? await generate("ec", { namedCurve: "P-256" })
      : await generate("rsa", { modulusLength: 2048 });
  const meta = { kid, alg, use: "sig" };
  return {
    kid,
    alg,
    publicJwk: { ...publicKey.export({ format: "jwk" }), ...meta } as Jwk,
    privateJwk: { ...privateKey.export({ format: "jwk" }), ...meta } as Jwk,
  };
}

function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", "moos-oauth2 signing keys", 32));
}

export function encryptPrivateKey(jwk: Jwk, secrets: readonly string[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secrets[0]!), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(jwk), "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function decryptPrivateKey(sealed: string, secrets: readonly string[]): Jwk {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !body) throw new Error("unknown signing key format");
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv(
        "aes-256-gcm",
        keyFrom(secret),
        Buffer.from(iv, "base64url"),
      );
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const text = Buffer.concat([
        decipher.update(Buffer.from(body, "base64url")),
        decipher.final(),
      ]);
      return JSON.parse(text.toString("utf8")) as Jwk;
    } catch {
      // not this secret; try the next
    }
  }
  throw new Error("no system secret decrypts the signing keys: was secrets.system changed?");
}
