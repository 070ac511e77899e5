import type { Credential, Identity } from "../../identity/identity.ts";
import type { WebAuthnKind } from "./relying-party.ts";

// An identity's security keys (type `webauthn`) or passkeys (type `passkey`) live in one
// credential of that type, as in Kratos: a list of public keys plus the WebAuthn user handle.
// The credential's identifiers hold every key's credential id (base64url), so the database's
// unique (type, identifier) index keeps a key on one account only; a passkey credential also
// lists its user handle first, which is how a discoverable sign-in finds the account.

export interface StoredWebAuthnKey {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  sign_count: number;
  aaguid: string;
  transports: string[];
  display_name: string;
  /** RFC 3339, second precision. */
  added_at: string;
  is_passwordless: boolean;
}

export interface WebAuthnCredentialConfig {
  credentials: StoredWebAuthnKey[];
  /** base64url */
  user_handle: string;
}

export function webAuthnConfig(
  identity: Pick<Identity, "credentials">,
  kind: WebAuthnKind,
): WebAuthnCredentialConfig | undefined {
  const config = identity.credentials.find((c) => c.type === kind)?.config;
  if (!config || !Array.isArray(config.credentials) || typeof config.user_handle !== "string")
    return undefined;
  return config as unknown as WebAuthnCredentialConfig;
}

export function webAuthnKeys(
  identity: Pick<Identity, "credentials">,
  kind: WebAuthnKind,
): StoredWebAuthnKey[] {
  return webAuthnConfig(identity, kind)?.credentials ?? [];
}

/** Replaces the identity's keys of this kind; no keys left removes the credential. */
export function writeWebAuthnKeys(
  identity: Identity,
  kind: WebAuthnKind,
  config: WebAuthnCredentialConfig,
  now: Date,
): void {
  const existing: Credential | undefined = identity.credentials.find((c) => c.type === kind);
  identity.credentials = identity.credentials.filter((c) => c.type !== kind);
  identity.updated_at = now;
  if (config.credentials.length === 0) return;
  identity.credentials.push({
    id: existing?.id ?? crypto.randomUUID(),
    type: kind,
    identifiers: [
      ...(kind === "passkey" ? [config.user_handle] : []),
      ...config.credentials.map((k) => k.id),
    ],
    config: { ...config },
    version: 1,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  });
}

/** Kratos names a key in `webauthn_remove` / `passkey_remove` by its raw id in hex. */
export function removeValue(key: StoredWebAuthnKey): string {
  return Buffer.from(key.id, "base64url").toString("hex");
}
