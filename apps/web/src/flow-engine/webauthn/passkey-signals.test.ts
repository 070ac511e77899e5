import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { csrfNode, inputNode } from "../testing/fixtures";
import {
  forgetUnknownPasskey,
  keepPasskeysInStep,
  passkeyAccount,
  passkeyChallengeRpId,
  rememberPasskeyAssertion,
} from "./passkey-signals";

// The Signal API calls against a stubbed PublicKeyCredential (jsdom has none): what each
// settings visit and each refused sign-in tells the password manager, and that a browser
// without the calls is left alone.

const handle = "dXNlci1oYW5kbGU";

/** A settings flow's passkey nodes: the creation options and one remove button per id (hex). */
function settingsNodes(hexIds: string[], userId = handle) {
  return [
    csrfNode,
    ...hexIds.map((hex) =>
      inputNode("passkey_remove", { group: "passkey", type: "submit", value: hex }),
    ),
    inputNode("passkey_create_data", {
      group: "passkey",
      type: "hidden",
      value: JSON.stringify({
        publicKey: { rp: { id: "konto.moos.example" }, user: { id: userId } },
      }),
    }),
  ];
}

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const signals = {
  signalUnknownCredential: vi.fn(async (_options: unknown) => undefined),
  signalAllAcceptedCredentials: vi.fn(async (_options: unknown) => undefined),
  signalCurrentUserDetails: vi.fn(async (_options: unknown) => undefined),
};

beforeEach(() => {
  for (const signal of Object.values(signals)) signal.mockClear();
  vi.stubGlobal(
    "PublicKeyCredential",
    Object.assign(() => undefined, signals),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const user = { name: "mia@example.com", displayName: "Mia Moos" };

describe("reading the account's passkeys from the settings flow", () => {
  it("takes the relying party, the user handle and each passkey's id", () => {
    expect(passkeyAccount(settingsNodes(["0102ff", "aabb"]))).toEqual({
      rpId: "konto.moos.example",
      userHandle: handle,
      credentialIds: ["AQL_", "qrs"],
    });
  });

  it("names nobody without passkeys (the handle is the next passkey's) and nothing without nodes", () => {
    expect(passkeyAccount(settingsNodes([]))?.userHandle).toBe("");
    expect(passkeyAccount([csrfNode])).toBeUndefined();
  });

  it("reads the rpId of a login flow's passkey challenge", () => {
    const challenge = inputNode("passkey_challenge", {
      group: "passkey",
      type: "hidden",
      value: JSON.stringify({ publicKey: { rpId: "konto.moos.example", challenge: "x" } }),
    });
    expect(passkeyChallengeRpId([challenge])).toBe("konto.moos.example");
    expect(passkeyChallengeRpId([csrfNode])).toBeUndefined();
  });
});

describe("a settings visit", () => {
  it("sends the passkeys still accepted and the current names", async () => {
    const storage = new MemoryStorage();
    const account = passkeyAccount(settingsNodes(["0102ff"]));
    if (!account) throw new Error("no account");
    await keepPasskeysInStep({ account, identityId: "id-1", user, storage });
    expect(signals.signalAllAcceptedCredentials).toHaveBeenCalledWith({
      rpId: "konto.moos.example",
      userId: handle,
      allAcceptedCredentialIds: ["AQL_"],
    });
    expect(signals.signalCurrentUserDetails).toHaveBeenCalledWith({
      rpId: "konto.moos.example",
      userId: handle,
      name: "mia@example.com",
      displayName: "Mia Moos",
    });
  });

  it("tells once that none is left when the last passkey was removed", async () => {
    const storage = new MemoryStorage();
    const withOne = passkeyAccount(settingsNodes(["0102ff"]));
    const withNone = passkeyAccount(settingsNodes([], "bmV3LWhhbmRsZQ"));
    if (!withOne || !withNone) throw new Error("no account");
    await keepPasskeysInStep({ account: withOne, identityId: "id-1", user, storage });
    signals.signalAllAcceptedCredentials.mockClear();

    await keepPasskeysInStep({ account: withNone, identityId: "id-1", user, storage });
    expect(signals.signalAllAcceptedCredentials).toHaveBeenCalledWith({
      rpId: "konto.moos.example",
      userId: handle,
      allAcceptedCredentialIds: [],
    });
    signals.signalAllAcceptedCredentials.mockClear();
    await keepPasskeysInStep({ account: withNone, identityId: "id-1", user, storage });
    expect(signals.signalAllAcceptedCredentials).not.toHaveBeenCalled();
    // Another account of this browser was never seen with passkeys: nothing to tell.
    await keepPasskeysInStep({ account: withNone, identityId: "id-2", user, storage });
    expect(signals.signalAllAcceptedCredentials).not.toHaveBeenCalled();
  });

  it("leaves a browser without the Signal API alone, and survives one that refuses", async () => {
    const account = passkeyAccount(settingsNodes(["0102ff"]));
    if (!account) throw new Error("no account");
    vi.stubGlobal(
      "PublicKeyCredential",
      Object.assign(() => undefined, {}),
    );
    await expect(
      keepPasskeysInStep({ account, identityId: "id-1", user, storage: new MemoryStorage() }),
    ).resolves.toBeUndefined();
    vi.stubGlobal(
      "PublicKeyCredential",
      Object.assign(() => undefined, {
        signalAllAcceptedCredentials: async () => {
          throw new DOMException("refused", "SecurityError");
        },
      }),
    );
    await expect(
      keepPasskeysInStep({ account, identityId: "id-1", user, storage: new MemoryStorage() }),
    ).resolves.toBeUndefined();
  });
});

describe("a sign-in with a passkey the account no longer knows", () => {
  it("tells the password manager the passkey just used, once", async () => {
    const storage = new MemoryStorage();
    rememberPasskeyAssertion(storage, JSON.stringify({ id: "cGFzc2tleQ", type: "public-key" }));
    await forgetUnknownPasskey({ rpId: "konto.moos.example", storage });
    expect(signals.signalUnknownCredential).toHaveBeenCalledWith({
      rpId: "konto.moos.example",
      credentialId: "cGFzc2tleQ",
    });
    signals.signalUnknownCredential.mockClear();
    await forgetUnknownPasskey({ rpId: "konto.moos.example", storage });
    expect(signals.signalUnknownCredential).not.toHaveBeenCalled();
  });

  it("keeps nothing from an answer that is not an assertion", () => {
    const storage = new MemoryStorage();
    rememberPasskeyAssertion(storage, "not json");
    rememberPasskeyAssertion(storage, JSON.stringify({ type: "public-key" }));
    expect(storage.items.size).toBe(0);
  });
});
