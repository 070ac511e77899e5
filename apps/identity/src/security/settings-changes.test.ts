import { describe, expect, it } from "vitest";
import type { Credential, Identity } from "../identity/identity.ts";
import { securityChanges, securitySummary } from "./settings-changes.ts";

function identity(credentials: Array<Pick<Credential, "type" | "config">>): Identity {
  const now = new Date();
  return {
    id: crypto.randomUUID(),
    schema_id: "default",
    state: "active",
    traits: {},
    metadata_public: null,
    metadata_admin: null,
    verifiable_addresses: [],
    recovery_addresses: [],
    credentials: credentials.map((c) => ({
      ...c,
      id: crypto.randomUUID(),
      identifiers: [],
      version: 0,
      created_at: now,
      updated_at: now,
    })),
    created_at: now,
    updated_at: now,
  };
}

const key = (id: string, name: string) => ({ id, display_name: name });
const changes = (before: Identity, after: Identity) =>
  securityChanges(securitySummary(before), securitySummary(after));

describe("security changes of a settings change", () => {
  it("sees a new or changed password, not an unchanged one", () => {
    const old = identity([{ type: "password", config: { hashed_password: "$argon2id$a" } }]);
    const changed = identity([{ type: "password", config: { hashed_password: "$argon2id$b" } }]);
    const social = identity([]);
    expect(changes(old, changed)).toEqual([{ type: "password_changed", details: {} }]);
    expect(changes(social, old)).toEqual([{ type: "password_changed", details: {} }]);
    expect(changes(old, old)).toEqual([]);
  });

  it("sees second factors come and go: app, backup codes (new ones count as added), keys", () => {
    const none = identity([]);
    const app = identity([{ type: "totp", config: { totp_url: "otpauth://x" } }]);
    const codes = (hashes: string[]) =>
      identity([
        {
          type: "lookup_secret",
          config: { recovery_codes: hashes.map((h) => ({ code_hash: h })) },
        },
      ]);
    const keys = identity([
      { type: "webauthn", config: { credentials: [key("k1", "YubiKey")], user_handle: "u" } },
    ]);
    expect(changes(none, app)).toEqual([
      { type: "second_factor_added", details: { method: "totp" } },
    ]);
    expect(changes(app, none)).toEqual([
      { type: "second_factor_removed", details: { method: "totp" } },
    ]);
    expect(changes(none, codes(["a", "b"]))).toEqual([
      { type: "second_factor_added", details: { method: "lookup_secret" } },
    ]);
    expect(changes(codes(["a", "b"]), codes(["c", "d"]))).toEqual([
      { type: "second_factor_added", details: { method: "lookup_secret" } },
    ]);
    expect(changes(codes(["a", "b"]), codes(["b", "a"]))).toEqual([]);
    expect(changes(none, keys)).toEqual([
      { type: "second_factor_added", details: { method: "webauthn", name: "YubiKey" } },
    ]);
    expect(changes(keys, none)).toEqual([
      { type: "second_factor_removed", details: { method: "webauthn", name: "YubiKey" } },
    ]);
  });

  it("sees passkeys and social links by name", () => {
    const passkeys = (list: Array<[string, string]>) =>
      identity([
        {
          type: "passkey",
          config: { credentials: list.map(([id, name]) => key(id, name)), user_handle: "u" },
        },
      ]);
    expect(changes(passkeys([["p1", "iPhone"]]), passkeys([["p2", "Laptop"]]))).toEqual([
      { type: "passkey_added", details: { name: "Laptop" } },
      { type: "passkey_removed", details: { name: "iPhone" } },
    ]);
    const linked = (providers: string[]) =>
      identity([
        { type: "oidc", config: { providers: providers.map((provider) => ({ provider })) } },
      ]);
    expect(changes(linked(["google"]), linked(["google", "apple"]))).toEqual([
      { type: "social_linked", details: { provider: "apple" } },
    ]);
    expect(changes(linked(["google"]), identity([]))).toEqual([
      { type: "social_unlinked", details: { provider: "google" } },
    ]);
  });
});
