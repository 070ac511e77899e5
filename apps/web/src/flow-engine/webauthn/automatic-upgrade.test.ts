import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type UpgradeCeremony, upgradeToPasskey } from "./automatic-upgrade";
import { canMakePasskeyHere } from "./passkey-capabilities";

// Conditional create against a stubbed navigator.credentials and PublicKeyCredential (Chromium's
// virtual authenticator cannot answer one): what the upgrade asks the browser for, what it
// posts, and that every other outcome ends quietly.

const ceremony: UpgradeCeremony = {
  flowId: "flow-1",
  csrfToken: "csrf-1",
  options: {
    challenge: "Y2hhbGxlbmdl",
    rp: { id: "konto.moos.example", name: "Moos" },
    user: { id: "dXNlcg", name: "mia@example.com", displayName: "Mia Moos" },
    pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  },
};

const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;

/** What a password manager hands back from create(). */
function madePasskey(): unknown {
  return {
    id: "bmV3",
    rawId: bytes("new"),
    type: "public-key",
    authenticatorAttachment: "platform",
    response: {
      attestationObject: bytes("attestation"),
      clientDataJSON: bytes("client-data"),
      getTransports: () => ["internal"],
    },
    getClientExtensionResults: () => ({}),
  };
}

let capabilities: Record<string, boolean>;
const create = vi.fn<(options: CredentialCreationOptions) => Promise<unknown>>();
const steps = {
  begin: vi.fn(async (): Promise<UpgradeCeremony | undefined> => ceremony),
  finish: vi.fn(async (_ceremony: UpgradeCeremony, _response: string) => true),
};

beforeEach(() => {
  capabilities = { conditionalCreate: true };
  create.mockReset();
  steps.begin.mockClear();
  steps.finish.mockClear();
  vi.stubGlobal(
    "PublicKeyCredential",
    Object.assign(() => undefined, {
      getClientCapabilities: async () => capabilities,
      isUserVerifyingPlatformAuthenticatorAvailable: async () => false,
    }),
  );
  vi.stubGlobal("navigator", { ...navigator, credentials: { create } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the automatic passkey upgrade", () => {
  it("asks without a dialog and posts what the password manager made", async () => {
    create.mockResolvedValue(madePasskey());
    expect(await upgradeToPasskey(steps)).toBe(true);
    const options = create.mock.calls[0]?.[0] as CredentialCreationOptions & {
      mediation?: string;
    };
    expect(options.mediation).toBe("conditional");
    expect(options.publicKey?.rp.id).toBe("konto.moos.example");
    expect(steps.finish).toHaveBeenCalledTimes(1);
    const [posted, response] = steps.finish.mock.calls[0] ?? [];
    expect(posted).toBe(ceremony);
    expect(JSON.parse(response ?? "")).toMatchObject({ id: "bmV3", type: "public-key" });
  });

  it("asks nothing where the browser cannot, or the account is not offered one", async () => {
    capabilities = { conditionalCreate: false };
    expect(await upgradeToPasskey(steps)).toBe(false);
    expect(steps.begin).not.toHaveBeenCalled();
    capabilities = { conditionalCreate: true };
    steps.begin.mockResolvedValueOnce(undefined);
    expect(await upgradeToPasskey(steps)).toBe(false);
    expect(create).not.toHaveBeenCalled();
  });

  it("ends quietly when the password manager declines, or never answers", async () => {
    create.mockRejectedValueOnce(new DOMException("not now", "NotAllowedError"));
    expect(await upgradeToPasskey(steps)).toBe(false);
    create.mockImplementationOnce(
      (options) =>
        new Promise((_resolve, reject) =>
          options.signal?.addEventListener("abort", () => reject(options.signal?.reason)),
        ),
    );
    expect(await upgradeToPasskey(steps, { waitMs: 1 })).toBe(false);
    expect(steps.finish).not.toHaveBeenCalled();
  });
});

describe("whether this device can make a passkey", () => {
  it("follows the platform authenticator the browser reports", async () => {
    capabilities = { userVerifyingPlatformAuthenticator: true };
    expect(await canMakePasskeyHere()).toBe(true);
    capabilities = { userVerifyingPlatformAuthenticator: false };
    expect(await canMakePasskeyHere()).toBe(false);
    vi.stubGlobal("PublicKeyCredential", undefined);
    expect(await canMakePasskeyHere()).toBe(false);
  });
});
