import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  body,
  createAccount,
  csrfOf,
  failure,
  type Json,
  password,
  signInBrowser,
  signInNative,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const admin = (path: string, init: RequestInit = {}, token = h.adminToken): Promise<Response> =>
  fetch(`${h.adminUrl}${path}`, {
    ...init,
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      ...init.headers,
    },
  });

describe("admin authorization", () => {
  it("refuses requests without the bearer token or with a wrong one", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong-token-0123456789",
      `Basic ${h.adminToken}`,
    ]) {
      const response = await fetch(`${h.adminUrl}/admin/identities`, {
        headers: { accept: "application/json", ...(authorization ? { authorization } : {}) },
      });
      expect(response.status).toBe(401);
      const json = (await response.json()) as Json;
      expectSchema("errorGeneric", json);
      expect(json.error.code).toBe(401);
    }
    expect((await fetch(`${h.adminUrl}/health/alive`)).status).toBe(200);
  });
});

describe("identities", () => {
  it("creates an identity with a password, returns credential metadata only, and lets it sign in", async () => {
    const email = uniqueEmail("create");
    const response = await h.identityApi().createIdentityRaw({
      createIdentityBody: {
        schema_id: "default",
        traits: traitsOf(email.toUpperCase()),
        credentials: { password: { config: { password } } },
        metadata_admin: { crm: 7 },
        verifiable_addresses: [{ value: email, verified: true, via: "email", status: "completed" }],
      },
    });
    expect(response.raw.status).toBe(201);
    const json = (await response.raw.json()) as Json;
    expectSchema("identity", json);
    expect(response.raw.headers.get("location")).toBe(`${h.adminUrl}/admin/identities/${json.id}`);
    expect(json.credentials.password).toMatchObject({ type: "password", identifiers: [email] });
    expect(json.credentials.password.config).toBeUndefined();
    expect(json.metadata_admin).toEqual({ crm: 7 });
    expect(json.verifiable_addresses[0]).toMatchObject({
      value: email,
      verified: true,
      status: "completed",
    });
    expect(json.recovery_addresses[0]).toMatchObject({ value: email, via: "email" });
    expect(JSON.stringify(json)).not.toContain("argon2");
    await signInNative(h, email);
  });

  it("imports a bcrypt hash, refuses unknown hash formats, duplicates (409) and invalid traits (400)", async () => {
    const email = uniqueEmail("import");
    const hashed = bcrypt.hashSync("Imported-Shop-Pass-1", 4);
    await h.identityApi().createIdentity({
      createIdentityBody: {
        schema_id: "default",
        traits: traitsOf(email),
        credentials: { password: { config: { hashed_password: hashed } } },
        verifiable_addresses: [{ value: email, verified: true, via: "email", status: "completed" }],
      },
    });
    await signInNative(h, email, "Imported-Shop-Pass-1");

    const badHash = await failure(
      h.identityApi().createIdentity({
        createIdentityBody: {
          schema_id: "default",
          traits: traitsOf(uniqueEmail("x")),
          credentials: { password: { config: { hashed_password: "md5:abc" } } },
        },
      }),
    );
    expect(badHash.status).toBe(400);
    expectSchema("errorGeneric", badHash.json);

    const duplicate = await failure(
      h
        .identityApi()
        .createIdentity({ createIdentityBody: { schema_id: "default", traits: traitsOf(email) } }),
    );
    expect(duplicate.status).toBe(409);
    expectSchema("errorGeneric", duplicate.json);

    const invalid = await failure(
      h.identityApi().createIdentity({
        createIdentityBody: {
          schema_id: "default",
          traits: { email: "not-an-email", name: { first: "A", last: "Bo" } },
        },
      }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.reason).toContain("traits.email");

    const unknownSchema = await failure(
      h.identityApi().createIdentity({
        createIdentityBody: { schema_id: "nope", traits: traitsOf(uniqueEmail("y")) },
      }),
    );
    expect(unknownSchema.status).toBe(400);
  });

  it("gets an identity, with include_credential showing the config without the hash", async () => {
    const created = await createAccount(h, uniqueEmail("get"));
    const plain = await body(h.identityApi().getIdentityRaw({ id: created.id }), "identity");
    expect(plain.json.credentials.password.config).toBeUndefined();
    const withCredentials = await body(
      h.identityApi().getIdentityRaw({ id: created.id, includeCredential: ["password"] }),
      "identity",
    );
    expect(withCredentials.json.credentials.password.config).toEqual({});

    const badType = await admin(`/admin/identities/${created.id}?include_credential=secret`);
    expect(badType.status).toBe(400);
    const missing = await failure(h.identityApi().getIdentity({ id: crypto.randomUUID() }));
    expect(missing.status).toBe(404);
    expectSchema("errorGeneric", missing.json);
    expect((await admin("/admin/identities/not-a-uuid")).status).toBe(404);
  });

  it("lists identities by credentials identifier and pages with page_size/page_token and a Link header", async () => {
    const emails = [uniqueEmail("list"), uniqueEmail("list"), uniqueEmail("list")];
    for (const email of emails) await createAccount(h, email);

    const response = await h
      .identityApi()
      .listIdentitiesRaw({ credentialsIdentifier: emails[1]!.toUpperCase() });
    const filtered = (await response.raw.json()) as Json[];
    expect(filtered).toHaveLength(1);
    expectSchema("identity", filtered[0]);
    expect(filtered[0]!.traits.email).toBe(emails[1]);

    const seen = new Set<string>();
    let url: string | undefined = `${h.adminUrl}/admin/identities?page_size=2`;
    let pages = 0;
    while (url && pages < 100) {
      const response = await admin(url.slice(h.adminUrl.length));
      expect(response.status).toBe(200);
      const page = (await response.json()) as Json[];
      expect(page.length).toBeLessThanOrEqual(2);
      for (const identity of page) {
        expectSchema("identity", identity);
        expect(seen.has(identity.id)).toBe(false);
        seen.add(identity.id);
      }
      const link = response.headers.get("link") ?? "";
      expect(link).toContain('rel="first"');
      url = /<([^>]+)>; rel="next"/.exec(link)?.[1];
      pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
    expect(seen.size).toBeGreaterThanOrEqual(3);

    expect((await admin("/admin/identities?page_token=garbage")).status).toBe(400);
  });

  it("updates an identity with PUT; a deactivated identity's sessions stop working", async () => {
    const email = uniqueEmail("put");
    const created = await createAccount(h, email);
    const token = await signInNative(h, email);
    const renamed = uniqueEmail("put-new");
    const { json } = await body(
      h.identityApi().updateIdentityRaw({
        id: created.id,
        updateIdentityBody: {
          schema_id: "default",
          traits: traitsOf(renamed, "Lea"),
          state: "inactive",
          metadata_public: { locale: "en" },
        },
      }),
      "identity",
    );
    expect(json.state).toBe("inactive");
    expect(json.state_changed_at).toBeDefined();
    expect(json.metadata_public).toEqual({ locale: "en" });
    expect(json.credentials.password.identifiers).toEqual([renamed]);
    expect(json.verifiable_addresses.map((a: Json) => a.value)).toEqual([renamed]);
    expect(json.verifiable_addresses[0].verified).toBe(false);
    const whoami = await failure(h.native().toSession({ xSessionToken: token }));
    expect(whoami.status).toBe(401);

    const invalid = await failure(
      h.identityApi().updateIdentity({
        id: created.id,
        updateIdentityBody: { schema_id: "default", traits: { email: renamed }, state: "active" },
      }),
    );
    expect(invalid.status).toBe(400);
    const badState = await admin(`/admin/identities/${created.id}`, {
      method: "PUT",
      body: JSON.stringify({ schema_id: "default", traits: traitsOf(renamed), state: "sleeping" }),
    });
    expect(badState.status).toBe(400);
  });

  it("patches traits, metadata and state with JSON Patch, and refuses other paths", async () => {
    const email = uniqueEmail("patch");
    const created = await createAccount(h, email);
    const { json } = await body(
      h.identityApi().patchIdentityRaw({
        id: created.id,
        jsonPatch: [
          { op: "test", path: "/traits/name/first", value: "Mia" },
          { op: "replace", path: "/traits/name/first", value: "Ida" },
          { op: "add", path: "/metadata_public", value: { locale: "en", tags: ["a"] } },
          { op: "add", path: "/metadata_public/tags/-", value: "b" },
          { op: "add", path: "/metadata_admin", value: { note: "vip" } },
          { op: "replace", path: "/state", value: "inactive" },
        ],
      }),
      "identity",
    );
    expect(json.traits.name.first).toBe("Ida");
    expect(json.metadata_public).toEqual({ locale: "en", tags: ["a", "b"] });
    expect(json.metadata_admin).toEqual({ note: "vip" });
    expect(json.state).toBe("inactive");

    for (const patch of [
      [{ op: "replace", path: "/credentials", value: {} }],
      [{ op: "replace", path: "/id", value: crypto.randomUUID() }],
      [{ op: "test", path: "/traits/name/first", value: "Nope" }],
      [{ op: "remove", path: "/traits/email" }],
      [{ op: "replace", path: "/state", value: "sleeping" }],
      [{ op: "jump", path: "/traits" }],
      [{ op: "add", path: "/traits/__proto__/polluted", value: true }],
      [{ op: "add", path: "/metadata_public/constructor/prototype/polluted", value: true }],
      [{ op: "replace", path: "/traits/name/first" }],
      [
        { op: "replace", path: "/traits/name/first", value: "Half" },
        { op: "remove", path: "/traits/nothing" },
      ],
      { op: "replace" },
    ]) {
      const response = await admin(`/admin/identities/${created.id}`, {
        method: "PATCH",
        body: JSON.stringify(patch),
      });
      expect(response.status).toBe(400);
      expectSchema("errorGeneric", await response.json());
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await h.identityApi().getIdentity({ id: created.id })).traits.name.first).toBe("Ida");
    const mediaType = await admin(`/admin/identities/${created.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json-patch+json" },
      body: JSON.stringify([{ op: "replace", path: "/state", value: "active" }]),
    });
    expect(mediaType.status).toBe(200);
    const after = await h.identityApi().getIdentity({ id: created.id });
    expect(after.traits.name.first).toBe("Ida");
    expect(after.state).toBe("active");
  });

  it("deletes an identity and with it its sessions", async () => {
    const email = uniqueEmail("delete");
    const created = await createAccount(h, email);
    const token = await signInNative(h, email);
    const response = await h.identityApi().deleteIdentityRaw({ id: created.id });
    expect(response.raw.status).toBe(204);
    expect((await failure(h.identityApi().getIdentity({ id: created.id }))).status).toBe(404);
    expect((await failure(h.native().toSession({ xSessionToken: token }))).status).toBe(401);
    expect((await failure(h.identityApi().deleteIdentity({ id: created.id }))).status).toBe(404);
  });
});

describe("admin sessions", () => {
  it("lists, reads and revokes an identity's sessions", async () => {
    const email = uniqueEmail("adm-sessions");
    const created = await createAccount(h, email);
    const first = await signInNative(h, email);
    const second = await signInNative(h, email);
    const browser = await signInBrowser(h, email);

    const listed = await h.identityApi().listIdentitySessionsRaw({ id: created.id, perPage: 2 });
    const list = (await listed.raw.json()) as Json[];
    expect(list).toHaveLength(2);
    for (const session of list) expectSchema("session", session);
    expect(listed.raw.headers.get("x-total-count")).toBe("3");
    expect(listed.raw.headers.get("link")).toContain('rel="next"');

    const whoami = await h.native().toSession({ xSessionToken: first });
    const one = await body(h.identityApi().getSessionRaw({ id: whoami.id }), "session");
    expect(one.json.identity.id).toBe(created.id);
    expect((await h.identityApi().disableSessionRaw({ id: whoami.id })).raw.status).toBe(204);
    expect((await failure(h.native().toSession({ xSessionToken: first }))).status).toBe(401);
    const inactive = (await (
      await h.identityApi().listIdentitySessionsRaw({ id: created.id, active: false })
    ).raw.json()) as Json[];
    expect(inactive.map((s) => s.id)).toEqual([whoami.id]);

    expect((await h.identityApi().deleteIdentitySessionsRaw({ id: created.id })).raw.status).toBe(
      204,
    );
    expect((await failure(h.native().toSession({ xSessionToken: second }))).status).toBe(401);
    expect((await failure(browser.api.toSession())).status).toBe(401);

    expect((await failure(h.identityApi().getSession({ id: crypto.randomUUID() }))).status).toBe(
      404,
    );
    expect((await admin("/admin/sessions/not-a-uuid")).status).toBe(400);
    expect(
      (await failure(h.identityApi().listIdentitySessions({ id: crypto.randomUUID() }))).status,
    ).toBe(404);
    expect(
      (await failure(h.identityApi().deleteIdentitySessions({ id: crypto.randomUUID() }))).status,
    ).toBe(404);
  });
});

describe("courier messages", () => {
  it("lists sent mail filtered by recipient and status, and reads one message", async () => {
    const email = uniqueEmail("courier");
    await createAccount(h, email, { verified: false });
    const browser = h.browser();
    const flow = await browser.api.createBrowserVerificationFlow();
    await browser.api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: "code", email, csrf_token: csrfOf(flow) },
    });
    const code = await h.codeFor(email);

    const listed = await h.courierApi().listCourierMessagesRaw({ recipient: email });
    const messages = (await listed.raw.json()) as Json[];
    expect(messages).toHaveLength(1);
    for (const message of messages) expectSchema("message", message);
    expect(messages[0]).toMatchObject({
      recipient: email,
      template_type: "verification_code_valid",
    });
    expect(messages[0]!.body).toContain(code);
    expect(listed.raw.headers.get("link")).toContain('rel="first"');

    const one = await body(h.courierApi().getCourierMessageRaw({ id: messages[0]!.id }), "message");
    expect(one.json.id).toBe(messages[0]!.id);

    const queued = (await (
      await h.courierApi().listCourierMessagesRaw({ recipient: email, status: "abandoned" })
    ).raw.json()) as Json[];
    expect(queued).toHaveLength(0);
    expect((await admin("/admin/courier/messages?status=lost")).status).toBe(400);
    expect((await admin("/admin/courier/messages?page_size=0")).status).toBe(400);
    expect((await admin("/admin/courier/messages?page_token=garbage")).status).toBe(400);
    expect(
      (await failure(h.courierApi().getCourierMessage({ id: crypto.randomUUID() }))).status,
    ).toBe(404);
    expect((await admin("/admin/courier/messages/not-a-uuid")).status).toBe(400);
  });

  it("pages through messages with page_size and the next link", async () => {
    const response = await admin("/admin/courier/messages?page_size=1");
    expect(response.status).toBe(200);
    const page = (await response.json()) as Json[];
    expect(page.length).toBeLessThanOrEqual(1);
    const next = /<([^>]+)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
    if (next) {
      const second = (await (await admin(next.slice(h.adminUrl.length))).json()) as Json[];
      expect(second[0]?.id).not.toBe(page[0]?.id);
    }
  });
});
