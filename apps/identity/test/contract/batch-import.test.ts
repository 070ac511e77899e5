import { createHash, pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";
import { hashSync as argon2Hash } from "@node-rs/argon2";
import { type CreateIdentityBody, ResponseError } from "@ory/client-fetch";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phpassHash } from "../../src/hash/phpass.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { type Json, signInNative, traitsOf, uniqueEmail } from "./account-helpers.ts";

// User migration (docs/newsletter-deletion-migration.md): Kratos's batch import (PATCH /admin/identities) and every hash
// format an old shop may hand over, each signing in once and becoming argon2id.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const b64 = (value: string | Buffer): string => Buffer.from(value).toString("base64");

function importBody(email: string, hashed?: string): Json {
  return {
    schema_id: "default",
    traits: traitsOf(email),
    verifiable_addresses: [{ value: email, verified: true, via: "email", status: "completed" }],
    metadata_admin: { migration: { source: "old-shop", imported_at: new Date().toISOString() } },
    ...(hashed ? { credentials: { password: { config: { hashed_password: hashed } } } } : {}),
  };
}

async function batch(identities: Json[]): Promise<Json> {
  const response = await fetch(`${h.adminUrl}/admin/identities`, {
    method: "PATCH",
    headers: {
      authorization: `Bearer ${h.adminToken}`,
      "content-type": "application/json",
      accept: "application/json",
    },
    body: JSON.stringify({ identities }),
  });
  const json = (await response.json()) as Json;
  return { status: response.status, json };
}

async function storedHash(email: string): Promise<string> {
  const identity = await h.app.deps.persistence.identities.findIdentityByIdentifier(
    "password",
    email,
  );
  return String(identity?.credentials.find((c) => c.type === "password")?.config.hashed_password);
}

describe("PATCH /admin/identities", () => {
  it("creates good entries, answers bad ones each on its own and is idempotent by email", async () => {
    const [a, b] = [uniqueEmail("batch-a"), uniqueEmail("batch-b")];
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const entries = [
      importBody(a, bcrypt.hashSync("Monstera-2019", 4)),
      importBody("not-an-email"),
      importBody(b, "$1$saltsalt$2vnaRpHa6Jxjz5n83ok8Z0"),
      importBody(b),
      importBody(b.toUpperCase()),
    ].map((create, index) => ({ create: create as CreateIdentityBody, patch_id: ids[index]! }));
    const api = h.identityApi();
    const first = await api.batchPatchIdentities({ patchIdentitiesBody: { identities: entries } });
    expectSchema("batchPatchIdentitiesResponse", first);
    const results = first.identities ?? [];
    expect(results.map((r) => r.action)).toEqual(["create", "error", "error", "create", "error"]);
    expect(results.map((r) => r.patch_id)).toEqual(ids);
    expect(results[1]?.error).toMatchObject({ code: 400, status: "Bad Request" });
    expect(results[2]?.error.reason).toContain("does not match any known hash format");
    // The same address twice in one batch: the second is a conflict, like a second run.
    expect(results[4]?.error).toMatchObject({ code: 409, status: "Conflict" });
    const created = await api.getIdentity({ id: results[0]!.identity! });
    expect(created.traits).toMatchObject({ email: a });
    expect(created.metadata_admin).toMatchObject({ migration: { source: "old-shop" } });

    const second = await api.batchPatchIdentities({ patchIdentitiesBody: { identities: entries } });
    expectSchema("batchPatchIdentitiesResponse", second);
    expect(second.identities?.map((r) => r.action)).toEqual(Array(5).fill("error"));
    expect(second.identities?.map((r) => r.error.code)).toEqual([409, 400, 400, 409, 409]);
  });

  it("takes up to 1,000 identities and refuses more with 400", async () => {
    const prefix = `bulk-${randomUUID().slice(0, 8)}`;
    const entries = Array.from({ length: 1000 }, (_, i) => ({
      create: importBody(`${prefix}-${i}@moos.test`),
    }));
    const ok = await batch(entries);
    expect(ok.status).toBe(200);
    expect(ok.json.identities.filter((r: Json) => r.action === "create")).toHaveLength(1000);

    const tooMany = await batch([...entries, { create: importBody(`${prefix}-x@moos.test`) }]);
    expect(tooMany.status).toBe(400);
    expectSchema("errorGeneric", tooMany.json);
    expect(tooMany.json.error.reason).toContain("at most 1000");
  });

  it("refuses a body without an identities array", async () => {
    const response = await batch(undefined as unknown as Json[]);
    expect(response.status).toBe(400);
    expectSchema("errorGeneric", response.json);
  });
});

describe("imported hash formats", () => {
  const salt = randomBytes(8).toString("hex");
  const pf = (digest: string, password: string): string =>
    `$${digest}$pf=${b64("{SALT}{PASSWORD}")}$${b64(salt)}$${b64(
      createHash(digest)
        .update(salt + password)
        .digest(),
    )}`;
  const ssha = (digest: string, label: string, password: string): string =>
    `{${label}}${b64(Buffer.concat([createHash(digest).update(password).update(salt).digest(), Buffer.from(salt)]))}`;
  const bcryptHash = bcrypt.hashSync("Farn-und-Moos", 4);
  const formats: [string, (password: string) => string][] = [
    ["bcrypt $2y$", () => bcryptHash.replace(/^\$2b\$/, "$2y$")],
    ["bcrypt $2a$", () => bcryptHash.replace(/^\$2b\$/, "$2a$")],
    ["bcrypt $2b$", () => bcryptHash],
    ["argon2id", (p) => argon2Hash(p, { algorithm: 2, memoryCost: 1024, timeCost: 1 })],
    ["argon2i", (p) => argon2Hash(p, { algorithm: 1, memoryCost: 1024, timeCost: 1 })],
    [
      "pbkdf2",
      (p) =>
        `$pbkdf2-sha512$i=1000,l=32$${b64(salt)}$${b64(pbkdf2Sync(p, salt, 1000, 32, "sha512"))}`,
    ],
    ["phpass $P$", (p) => phpassHash(p, "$P$Babcdefgh")],
    ["phpass $H$", (p) => phpassHash(p, "$H$9abcdefgh")],
    ["salted md5", (p) => pf("md5", p)],
    ["salted sha1", (p) => pf("sha1", p)],
    ["salted sha256", (p) => pf("sha256", p)],
    ["salted sha512", (p) => pf("sha512", p)],
    ["{SSHA}", (p) => ssha("sha1", "SSHA", p)],
    ["{SSHA256}", (p) => ssha("sha256", "SSHA256", p)],
    ["{SSHA512}", (p) => ssha("sha512", "SSHA512", p)],
  ];

  it.each(formats)(
    "%s signs in, refuses a wrong password and becomes argon2id",
    async (_, make) => {
      const email = uniqueEmail("hash");
      const secret = "Farn-und-Moos";
      const { json } = await batch([{ create: importBody(email, make(secret)) }]);
      expect(json.identities[0].action).toBe("create");
      await expect(signInNative(h, email, "Farn-und-Moos?")).rejects.toBeInstanceOf(ResponseError);
      expect(await storedHash(email)).not.toMatch(/^\$argon2id\$v=19\$m=19456/);
      await signInNative(h, email, secret);
      expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await signInNative(h, email, secret);
    },
  );

  it("refuses an unknown hash format on create with a 400 that names the accepted ones", async () => {
    const response = await fetch(`${h.adminUrl}/admin/identities`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${h.adminToken}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify(
        importBody(uniqueEmail("unknown"), "$1$saltsalt$2vnaRpHa6Jxjz5n83ok8Z0"),
      ),
    });
    expect(response.status).toBe(400);
    const json = (await response.json()) as Json;
    expectSchema("errorGeneric", json);
    expect(json.error.reason).toMatch(/does not match any known hash format.*phpass/);
  });
});
