import type { ResponseError } from "@ory/client-fetch";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { idTokenKeySet } from "../src/keys/key-ring.ts";
import { relyingParty, signIn } from "./support/apps.ts";
import { Browser } from "./support/browser.ts";
import { type Harness, startProvider } from "./support/harness.ts";

// Signing keys live in the database and rotate: a new key is published `publish_ahead` before
// it signs, the old one stays in the JWKS while tokens it signed may still be presented.

const redirect = "http://127.0.0.1:7301/callback";
const secret = "shop-secret-0123456789abcdef";
const hour = 3_600_000;

let provider: Harness;
beforeAll(async () => {
  provider = await startProvider({
    keys: { rotate_every: "24h", publish_ahead: "1h", reload_interval: "1m" },
    clients: [
      { client_id: "shop", client_secret: secret, redirect_uris: [redirect], skip_consent: true },
    ],
  });
});
afterAll(async () => provider?.close());
afterEach(() => {
  vi.useRealTimers();
});

async function idToken(): Promise<string> {
  const rp = await relyingParty(provider.issuer, {
    clientId: "shop",
    secret,
    redirectUri: redirect,
  });
  const { tokens } = await signIn(provider.oauth2, new Browser(), rp);
  return tokens.id_token!;
}

const kidOf = (token: string): string | undefined => decodeProtectedHeader(token).kid;

async function publishedKids(): Promise<string[]> {
  const response = await fetch(`${provider.issuer}/.well-known/jwks.json`);
  const { keys } = (await response.json()) as { keys: { kid: string; d?: string }[] };
  expect(keys.every((k) => k.d === undefined)).toBe(true);
  return keys.map((k) => k.kid);
}

/** Whether the token's signature checks out against the published keys (at `at`, for `exp`). */
async function verifies(token: string, at = new Date()): Promise<boolean> {
  const jwks = createRemoteJWKSet(new URL(`${provider.issuer}/.well-known/jwks.json`));
  const options = { issuer: provider.issuer, audience: "shop", currentDate: at };
  return jwtVerify(token, jwks, options).then(
    () => true,
    () => false,
  );
}

describe("the admin API's keys", () => {
  it("lists the public keys of Hydra's ID token set", async () => {
    const set = await provider.jwk.getJsonWebKeySet({ set: idTokenKeySet });
    expect(set.keys?.length).toBeGreaterThan(0);
    expect(set.keys?.every((k) => k.d === undefined && k.use === "sig")).toBe(true);
    const missing = await provider.jwk
      .getJsonWebKeySet({ set: "hydra.jwt.access-token" })
      .catch((e: unknown) => e as ResponseError);
    expect((missing as ResponseError).response.status).toBe(404);
  });

  it("rotate on request; deleting the signer lets the new key sign at once", async () => {
    const before = await idToken();
    const oldKid = kidOf(before)!;
    const created = await provider.jwk.createJsonWebKeySet({
      set: idTokenKeySet,
      createJsonWebKeySet: { alg: "RS256", kid: "emergency-key", use: "sig" },
    });
    expect(created.keys?.[0]).toMatchObject({ kid: "emergency-key", alg: "RS256", kty: "RSA" });
    expect(created.keys?.[0]?.d).toBeUndefined();
    // Published at once, signing only after publish_ahead.
    expect(await publishedKids()).toEqual(expect.arrayContaining([oldKid, "emergency-key"]));
    expect(kidOf(await idToken())).toBe(oldKid);

    await provider.jwk.deleteJsonWebKey({ set: idTokenKeySet, kid: oldKid });
    const after = await idToken();
    expect(kidOf(after)).toBe("emergency-key");
    expect(await verifies(after)).toBe(true);
    expect(await publishedKids()).not.toContain(oldKid);

    const last = await provider.jwk
      .deleteJsonWebKey({ set: idTokenKeySet, kid: "emergency-key" })
      .catch((e: unknown) => e as ResponseError);
    expect((last as ResponseError).response.status).toBe(409);
  });
});

describe("rotation over time", () => {
  it("publishes ahead, switches the signer, keeps the old key while its tokens live", async () => {
    // A fresh ring, whatever the test before did with the keys.
    await provider.app.db.deleteFrom("oauth2_signing_keys").execute();
    await provider.app.host.refresh();
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const start = Date.now();
    const first = await idToken();
    const firstKid = kidOf(first)!;

    // Rotation is due publish_ahead before rotate_every: the next key is published, unused.
    vi.setSystemTime(start + 24 * hour);
    await provider.app.host.refresh();
    const kids = await publishedKids();
    expect(kids).toHaveLength(2);
    const nextKid = kids.find((k) => k !== firstKid)!;
    expect(kidOf(await idToken())).toBe(firstKid);

    // Its time comes: it signs; tokens of the old key still verify.
    vi.setSystemTime(start + 25 * hour + 60_000);
    await provider.app.host.refresh();
    const second = await idToken();
    expect(kidOf(second)).toBe(nextKid);
    expect(await verifies(second)).toBe(true);
    expect(await verifies(first, new Date(start))).toBe(true);
    expect(await publishedKids()).toContain(firstKid);

    // keep_retired_for (720h) after it stopped signing, the old key goes.
    vi.setSystemTime(start + (25 + 720) * hour + 120_000);
    await provider.app.host.refresh();
    expect(await publishedKids()).not.toContain(firstKid);
  });
});
