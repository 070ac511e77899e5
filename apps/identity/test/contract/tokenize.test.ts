import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportJWK, generateKeyPair, type JWK, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  body,
  createAccount,
  failure,
  signInBrowser,
  signInNative,
  uniqueEmail,
} from "./account-helpers.ts";

// `tokenize_as` on whoami: the session as a JWT signed with a configured key.

type PublicKey = Awaited<ReturnType<typeof generateKeyPair>>["publicKey"];

let h: Harness;
let publicKey: PublicKey;
let rsaPublicKey: PublicKey;
beforeAll(async () => {
  const ec = await generateKeyPair("ES256", { extractable: true });
  publicKey = ec.publicKey;
  const ecJwk: JWK = { ...(await exportJWK(ec.privateKey)), alg: "ES256", kid: "shop-1" };
  const rsa = await generateKeyPair("RS256", { extractable: true });
  rsaPublicKey = rsa.publicKey;
  const rsaFile = join(tmpdir(), `moos-jwks-${process.pid}.json`);
  writeFileSync(
    rsaFile,
    JSON.stringify({ keys: [{ ...(await exportJWK(rsa.privateKey)), alg: "RS256" }] }),
  );
  h = await startHarness({
    session: {
      whoami: {
        tokenizer: {
          templates: {
            shop: {
              ttl: "5m",
              jwks_url: `base64://${Buffer.from(JSON.stringify({ keys: [ecJwk] })).toString("base64")}`,
              claims: {
                email: "identity.traits.email",
                first_name: "identity.traits.name.first",
                aal: "authenticator_assurance_level",
              },
            },
            plain: { jwks_url: `file://${rsaFile}` },
          },
        },
      },
    },
  });
});
afterAll(async () => h?.close());

describe("tokenize_as", () => {
  it("adds a JWT signed with the template's key: sub, sid, iat/exp from the ttl, mapped claims", async () => {
    const email = uniqueEmail("tokenize");
    const identity = await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    const { json: session } = await body(
      browser.api.toSessionRaw({ tokenizeAs: "shop" }),
      "session",
    );
    expect(typeof session.tokenized).toBe("string");
    const { payload, protectedHeader } = await jwtVerify(session.tokenized, publicKey, {
      issuer: `${h.publicUrl}/`,
    });
    expect(protectedHeader).toMatchObject({ alg: "ES256", kid: "shop-1", typ: "JWT" });
    expect(payload.sub).toBe(identity.id);
    expect(payload.sid).toBe(session.id);
    expect(payload.email).toBe(email);
    expect(payload.first_name).toBe("Mia");
    expect(payload.aal).toBe("aal1");
    expect(typeof payload.jti).toBe("string");
    expect(payload.exp! - payload.iat!).toBe(300);

    // Without tokenize_as the session has no token.
    const { json: plain } = await body(browser.api.toSessionRaw({}), "session");
    expect(plain.tokenized).toBeUndefined();
  });

  it("reads keys from a file and works with a session token", async () => {
    const email = uniqueEmail("tokenize-file");
    const identity = await createAccount(h, email);
    const token = await signInNative(h, email);
    const session = await h.native().toSession({ xSessionToken: token, tokenizeAs: "plain" });
    expectSchema("session", session);
    const { payload } = await jwtVerify(session.tokenized!, rsaPublicKey);
    expect(payload.sub).toBe(identity.id);
    expect(payload.exp! - payload.iat!).toBe(60);
    expect(payload.email).toBeUndefined();
  });

  it("answers an unknown template with 400, and no session still with 401", async () => {
    const email = uniqueEmail("tokenize-unknown");
    await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    const unknown = await failure(browser.api.toSession({ tokenizeAs: "nope" }));
    expect(unknown.status).toBe(400);
    expectSchema("errorGeneric", unknown.json);
    expect(unknown.json.error.reason).toBe('Unable to find tokenizer template "nope".');

    const anonymous = await failure(h.browser().api.toSession({ tokenizeAs: "shop" }));
    expect(anonymous.status).toBe(401);
  });
});
