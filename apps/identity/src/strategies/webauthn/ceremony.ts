import { createHash, randomBytes } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import type { CeremonyState, PendingCeremony } from "../../flows/flow-state.ts";
import { claimOnce } from "../second-factor/claim-once.ts";
import type { StoredWebAuthnKey } from "./credentials.ts";
import { assertionOrigins, relyingParty, type WebAuthnKind } from "./relying-party.ts";

// WebAuthn ceremonies (https://www.w3.org/TR/webauthn-3/#sctn-rp-operations) on SimpleWebAuthn.
// Security decisions:
// - Each challenge is 32 random bytes (256 bit) and lives in the flow's internal state in the
//   database, never in process memory, so any instance can finish a ceremony another began.
// - A challenge is used once: taking it removes it from the flow, and an atomic counter keyed
//   by its hash refuses a second use even when two instances race with the same response.
// - The origin in clientDataJSON must be one of the configured origins (for assertions also a
//   related origin) and the RP id hash in authenticatorData must match the configured RP id;
//   SimpleWebAuthn checks both, the signature, user presence and, for assertions, that the
//   signature counter went up.
// - User presence is required of every registration but one: the automatic passkey upgrade
//   right after a password sign-in (WebAuthn conditional create, whose authenticators may
//   report no presence). Its challenge lives in a slot of its own (`passkey_upgrade`), which
//   only strategies/passkey/upgrade.ts begins and takes, so no other ceremony can be
//   answered without presence.
// - User verification as Kratos asks for it: discouraged for security keys (a second factor),
//   preferred but not enforced for passkeys.

/** Kratos wraps the options as `navigator.credentials.create/get` takes them. */
export interface CreationOptions {
  publicKey: PublicKeyCredentialCreationOptionsJSON;
}
export interface RequestOptions {
  publicKey: PublicKeyCredentialRequestOptionsJSON;
}

/** A response the service refuses; the caller shows 4000043 (or 4000015 for unknown keys). */
export class WebAuthnRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WebAuthnRefused";
  }
}

const timeoutMs = 5 * 60_000;

// SimpleWebAuthn (with its CBOR and ASN.1 parsers) adds about 16 MB to the service's memory;
// it is loaded on the first ceremony, so a shop without security keys and passkeys (the
// default) never pays for it.
let library: Promise<typeof import("@simplewebauthn/server")> | undefined;
const simpleWebAuthn = (): Promise<typeof import("@simplewebauthn/server")> =>
  (library ??= import("@simplewebauthn/server"));
/**
 * Where a ceremony's challenge waits in the flow: one slot per kind, and the passkey upgrade's
 * own (docs/sign-in-methods.md#from-password-to-passkey).
 */
export type CeremonySlot = WebAuthnKind | "passkey_upgrade";
const internalKey = (slot: CeremonySlot): keyof CeremonyState => `${slot}_session`;

function newChallenge(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(randomBytes(32));
}

export async function beginRegistration(
  deps: Deps,
  flow: Flow,
  kind: WebAuthnKind,
  user: { handle: string; name: string; displayName: string; exclude: StoredWebAuthnKey[] },
  options: { slot?: CeremonySlot } = {},
): Promise<CreationOptions> {
  const rp = relyingParty(deps.config, kind);
  const publicKey = await (await simpleWebAuthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.name,
    userDisplayName: user.displayName,
    userID: new Uint8Array(Buffer.from(user.handle, "base64url")),
    challenge: newChallenge(),
    timeout: timeoutMs,
    attestationType: "none",
    excludeCredentials: user.exclude.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection:
      kind === "passkey"
        ? { residentKey: "required", requireResidentKey: true, userVerification: "preferred" }
        : { residentKey: "discouraged", userVerification: "discouraged" },
  });
  flow.internal[internalKey(options.slot ?? kind)] = {
    challenge: publicKey.challenge,
    user_handle: user.handle,
  } satisfies PendingCeremony;
  return { publicKey };
}

/** Options for an assertion; without keys the browser offers any passkey for the RP id. */
export async function beginAuthentication(
  deps: Deps,
  flow: Flow,
  kind: WebAuthnKind,
  allow?: StoredWebAuthnKey[],
): Promise<RequestOptions> {
  const publicKey = await (await simpleWebAuthn()).generateAuthenticationOptions({
    rpID: relyingParty(deps.config, kind).id,
    challenge: newChallenge(),
    timeout: timeoutMs,
    userVerification: kind === "passkey" ? "preferred" : "discouraged",
    ...(allow
      ? { allowCredentials: allow.map((k) => ({ id: k.id, transports: k.transports })) }
      : {}),
  });
  // generateAuthenticationOptions omits an empty allow list; Kratos's script maps it.
  if (allow && !publicKey.allowCredentials) publicKey.allowCredentials = [];
  flow.internal[internalKey(kind)] = { challenge: publicKey.challenge } satisfies PendingCeremony;
  return { publicKey };
}

/**
 * Removes the flow's pending challenge and claims it once for good; the caller persists the
 * flow. Undefined when there is none or it was already used.
 */
export async function takeChallenge(
  deps: Deps,
  flow: Flow,
  slot: CeremonySlot,
): Promise<PendingCeremony | undefined> {
  const pending = flow.internal[internalKey(slot)];
  delete flow.internal[internalKey(slot)];
  if (!pending?.challenge) return undefined;
  const lasts = Math.max(flow.expires_at.getTime() - deps.now().getTime(), 60_000);
  const digest = createHash("sha256").update(pending.challenge).digest("base64url");
  return (await claimOnce(deps, `webauthn_challenge:${digest}`, lasts)) ? pending : undefined;
}

/** Parses the JSON string Kratos's script puts into the hidden field. */
export function parseResponse<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(
  raw: string,
): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (cause) {
    throw new WebAuthnRefused("The WebAuthn response is not JSON.", { cause });
  }
  if (!parsed || typeof parsed !== "object" || typeof (parsed as { id?: unknown }).id !== "string")
    throw new WebAuthnRefused("The WebAuthn response has no credential id.");
  const response = parsed as T;
  // Kratos's script does not send the extension results; SimpleWebAuthn expects the member.
  response.clientExtensionResults ??= {};
  return response;
}

/**
 * Verifies a registration. `requireUserPresence: false` is for the automatic passkey upgrade
 * only (its own challenge slot, see above); every other registration needs presence.
 */
export async function finishRegistration(
  deps: Deps,
  kind: WebAuthnKind,
  pending: PendingCeremony,
  response: RegistrationResponseJSON,
  options: { requireUserPresence?: boolean } = {},
): Promise<Omit<StoredWebAuthnKey, "display_name" | "added_at" | "is_passwordless">> {
  const rp = relyingParty(deps.config, kind);
  try {
    const result = await (await simpleWebAuthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: pending.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserPresence: options.requireUserPresence ?? true,
      requireUserVerification: false,
    });
    if (!result.verified) throw new WebAuthnRefused("The attestation could not be verified.");
    const { credential, aaguid } = result.registrationInfo;
    return {
      id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString("base64url"),
      sign_count: credential.counter,
      aaguid,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch (cause) {
    if (cause instanceof WebAuthnRefused) throw cause;
    throw new WebAuthnRefused((cause as Error).message, { cause });
  }
}

/** Verifies an assertion by the given key; returns the authenticator's new signature counter. */
export async function finishAuthentication(
  deps: Deps,
  kind: WebAuthnKind,
  pending: PendingCeremony,
  response: AuthenticationResponseJSON,
  key: StoredWebAuthnKey,
): Promise<number> {
  const rp = relyingParty(deps.config, kind);
  try {
    const result = await (await simpleWebAuthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: pending.challenge,
      expectedOrigin: assertionOrigins(rp),
      expectedRPID: rp.id,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.public_key, "base64url")),
        counter: key.sign_count,
      },
      requireUserVerification: false,
    });
    if (!result.verified) throw new WebAuthnRefused("The assertion could not be verified.");
    return result.authenticationInfo.newCounter;
  } catch (cause) {
    if (cause instanceof WebAuthnRefused) throw cause;
    throw new WebAuthnRefused((cause as Error).message, { cause });
  }
}
