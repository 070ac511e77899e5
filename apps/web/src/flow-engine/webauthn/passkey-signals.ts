// Keeping passkey managers in step with the account (WebAuthn Signal API,
// https://w3c.github.io/webauthn/#sctn-signal-methods; docs/sign-in-methods.md#passkey-managers-kept-in-step):
// - a sign-in with a passkey the account no longer knows: signalUnknownCredential, so the
//   password manager stops offering it;
// - on a settings visit: the account's passkeys (signalAllAcceptedCredentials), so ones removed
//   in settings or by customer service disappear, and its email and name
//   (signalCurrentUserDetails), so a change shows in the password manager too.
// Each call only where the browser has it, through SimpleWebAuthn's sendSignal; a browser
// without it, or one that refuses, changes nothing and shows nothing.
//
// Everything comes from the nodes the identity service (ours, or Ory Kratos) already sends: the
// settings flow's `passkey_create_data` names the relying party and, for an account with
// passkeys, their user handle; `passkey_remove` buttons carry each passkey's id in hex. When
// the last passkey is removed the account forgets its user handle, so the handle is remembered
// in this browser (localStorage, by identity id) to tell the password manager that none is
// left, once.

import type { UiNode } from "@ory/client-fetch";
import { findInput, inputAttributes, nodeValue } from "../nodes";

/** The account's passkeys as the password manager knows them. */
export interface PasskeyAccount {
  readonly rpId: string;
  /** The WebAuthn user handle the account's passkeys share (base64url); "" without passkeys. */
  readonly userHandle: string;
  /** The passkeys' credential ids (base64url). */
  readonly credentialIds: readonly string[];
}

/** What the customer is called in the password manager: email, and name (or email). */
export interface PasskeyUser {
  readonly name: string;
  readonly displayName: string;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const HANDLES_KEY = "moos.passkeyUserHandles";
const ASSERTION_KEY = "moos.passkeyAssertion";

function hexToBase64Url(hex: string): string | undefined {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return undefined;
  const bytes = hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function parseJson(value: string | undefined): unknown {
  try {
    return value ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
}

/** The passkey part of a settings flow; undefined when it offers no passkeys. */
export function passkeyAccount(nodes: readonly UiNode[]): PasskeyAccount | undefined {
  const data = parseJson(nodeValue(findInput(nodes, "passkey_create_data"))) as
    | { publicKey?: { rp?: { id?: unknown }; user?: { id?: unknown } } }
    | undefined;
  const rpId = data?.publicKey?.rp?.id;
  const handle = data?.publicKey?.user?.id;
  if (typeof rpId !== "string" || rpId === "" || typeof handle !== "string") return undefined;
  const credentialIds = nodes.flatMap((node) => {
    const attributes = inputAttributes(node);
    if (attributes?.name !== "passkey_remove") return [];
    const id = hexToBase64Url(nodeValue(node) ?? "");
    return id ? [id] : [];
  });
  // Without passkeys the handle is a new one for the next passkey: it names nobody yet.
  return { rpId, userHandle: credentialIds.length > 0 ? handle : "", credentialIds };
}

/** The rpId of a login flow's passkey challenge (`passkey_challenge`). */
export function passkeyChallengeRpId(nodes: readonly UiNode[]): string | undefined {
  const data = parseJson(nodeValue(findInput(nodes, "passkey_challenge"))) as
    | { publicKey?: { rpId?: unknown } }
    | undefined;
  const rpId = data?.publicKey?.rpId;
  return typeof rpId === "string" && rpId !== "" ? rpId : undefined;
}

type SignalName =
  | "signalUnknownCredential"
  | "signalAllAcceptedCredentials"
  | "signalCurrentUserDetails";

function hasSignal(name: SignalName): boolean {
  const PKC = (globalThis as unknown as { PublicKeyCredential?: Record<string, unknown> })
    .PublicKeyCredential;
  return typeof PKC?.[name] === "function";
}

type Signal = Parameters<typeof import("@simplewebauthn/browser").sendSignal>[0];

async function send(signal: Signal): Promise<void> {
  try {
    const { sendSignal } = await import("@simplewebauthn/browser");
    await sendSignal(signal);
  } catch {
    // Best effort by design: a password manager that cannot take it keeps what it has.
  }
}

function readHandles(
  storage: KeyValueStorage,
): Record<string, { rpId: string; userHandle: string }> {
  const parsed = parseJson(storage.getItem(HANDLES_KEY) ?? undefined);
  return parsed && typeof parsed === "object"
    ? (parsed as Record<string, { rpId: string; userHandle: string }>)
    : {};
}

function writeHandles(
  storage: KeyValueStorage,
  handles: Record<string, { rpId: string; userHandle: string }>,
): void {
  if (Object.keys(handles).length === 0) storage.removeItem(HANDLES_KEY);
  else storage.setItem(HANDLES_KEY, JSON.stringify(handles));
}

/**
 * A settings visit: the account's passkeys and names to the password manager, or, once the
 * last passkey is gone, that none is left.
 */
export async function keepPasskeysInStep(input: {
  readonly account: PasskeyAccount;
  readonly identityId: string;
  readonly user: PasskeyUser;
  readonly storage: KeyValueStorage;
}): Promise<void> {
  const { account, identityId, user, storage } = input;
  const handles = readHandles(storage);
  if (account.userHandle) {
    const known = handles[identityId];
    if (known?.userHandle !== account.userHandle || known.rpId !== account.rpId) {
      writeHandles(storage, {
        ...handles,
        [identityId]: { rpId: account.rpId, userHandle: account.userHandle },
      });
    }
    if (hasSignal("signalAllAcceptedCredentials")) {
      await send({
        signalName: "allAcceptedCredentials",
        rpID: account.rpId,
        userID: account.userHandle,
        allAcceptedCredentialIDs: [...account.credentialIds],
      });
    }
    if (hasSignal("signalCurrentUserDetails")) {
      await send({
        signalName: "currentUserDetails",
        rpID: account.rpId,
        userID: account.userHandle,
        userName: user.name,
        userDisplayName: user.displayName,
      });
    }
    return;
  }
  const forgotten = handles[identityId];
  if (!forgotten) return;
  const { [identityId]: _, ...rest } = handles;
  writeHandles(storage, rest);
  if (hasSignal("signalAllAcceptedCredentials")) {
    await send({
      signalName: "allAcceptedCredentials",
      rpID: forgotten.rpId,
      userID: forgotten.userHandle,
      allAcceptedCredentialIDs: [],
    });
  }
}

/** Before a passkey sign-in is posted: which passkey it was (its assertion's id). */
export function rememberPasskeyAssertion(storage: KeyValueStorage, assertion: string): void {
  const id = (parseJson(assertion) as { id?: unknown } | undefined)?.id;
  if (typeof id === "string" && id !== "") storage.setItem(ASSERTION_KEY, id);
}

/**
 * The sign-in came back refused with "no account for this passkey" (4000015): the password
 * manager is told to stop offering the passkey just used.
 */
export async function forgetUnknownPasskey(input: {
  readonly rpId: string;
  readonly storage: KeyValueStorage;
}): Promise<void> {
  const credentialId = input.storage.getItem(ASSERTION_KEY);
  input.storage.removeItem(ASSERTION_KEY);
  if (!credentialId || !hasSignal("signalUnknownCredential")) return;
  await send({ signalName: "unknownCredential", rpID: input.rpId, credentialID: credentialId });
}
