import { instanceOfOAuth2Client, type JsonPatch, ResponseError } from "@ory/client-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relyingParty, signIn } from "./support/apps.ts";
import { Browser } from "./support/browser.ts";
import { type Harness, startProvider } from "./support/harness.ts";

// Hydra's client administration through Ory's SDK: a shop platform registered by the admin
// API signs customers in right away; config clients are read-only there.

const redirect = "http://127.0.0.1:7401/callback";

let provider: Harness;
beforeAll(async () => {
  provider = await startProvider({
    clients: [
      {
        client_id: "from-config",
        client_secret: "config-secret-0123456789",
        redirect_uris: ["http://127.0.0.1:7402/callback"],
      },
    ],
  });
});
afterAll(async () => provider?.close());

async function status(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResponseError);
  const { response } = error as ResponseError;
  return { status: response.status, body: await response.json() };
}

async function tokenStatus(clientId: string, secret: string): Promise<number> {
  const response = await fetch(`${provider.issuer}/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "nothing" }),
  });
  // 400 invalid_grant: the client authenticated; 401 invalid_client: it did not.
  return response.status;
}

describe("creating a client", () => {
  it("answers the generated secret once and the client signs customers in", async () => {
    const created = await provider.oauth2.createOAuth2Client({
      oAuth2Client: {
        client_name: "Plant platform",
        redirect_uris: [redirect],
        grant_types: ["authorization_code", "refresh_token"],
        scope: "openid offline_access email profile",
        skip_consent: true,
      },
    });
    expect(instanceOfOAuth2Client(created)).toBe(true);
    expect(created.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.token_endpoint_auth_method).toBe("client_secret_basic");
    expect(created.created_at).toBeInstanceOf(Date);

    const read = await provider.oauth2.getOAuth2Client({ id: created.client_id! });
    expect(read.client_secret).toBeUndefined();
    expect(read.client_name).toBe("Plant platform");

    const rp = await relyingParty(provider.issuer, {
      clientId: created.client_id!,
      secret: created.client_secret!,
      redirectUri: redirect,
    });
    const { tokens } = await signIn(provider.oauth2, new Browser(), rp);
    expect(tokens.claims()?.aud).toBe(created.client_id);
  });

  it("takes a public client without a secret", async () => {
    const created = await provider.oauth2.createOAuth2Client({
      oAuth2Client: {
        client_id: "native-app",
        token_endpoint_auth_method: "none",
        redirect_uris: ["http://127.0.0.1/callback", "de.moos.app:/callback"],
      },
    });
    expect(created.client_id).toBe("native-app");
    expect(created.client_secret).toBeUndefined();
    const again = await status(
      provider.oauth2.createOAuth2Client({
        oAuth2Client: { client_id: "native-app", redirect_uris: [redirect] },
      }),
    );
    expect(again.status).toBe(409);
  });

  it("refuses metadata the provider could not serve", async () => {
    const fragment = await status(
      provider.oauth2.createOAuth2Client({
        oAuth2Client: { redirect_uris: ["https://shop.example/callback#x"] },
      }),
    );
    expect(fragment.status).toBe(400);
    expect(fragment.body).toMatchObject({ error: "invalid_client_metadata" });
    const implicit = await status(
      provider.oauth2.createOAuth2Client({
        oAuth2Client: { redirect_uris: [redirect], grant_types: ["implicit"] },
      }),
    );
    expect(implicit.status).toBe(400);
  });
});

describe("changing a client", () => {
  it("keeps the secret on PUT without one, replaces it with one, patches by JSON Patch", async () => {
    const created = await provider.oauth2.createOAuth2Client({
      oAuth2Client: { client_name: "Before", redirect_uris: [redirect] },
    });
    const id = created.client_id!;
    const put = await provider.oauth2.setOAuth2Client({
      id,
      oAuth2Client: { client_name: "After", redirect_uris: [redirect] },
    });
    expect(put.client_name).toBe("After");
    expect(put.client_secret).toBeUndefined();
    expect(put.created_at).toEqual(created.created_at);
    expect(await tokenStatus(id, created.client_secret!)).toBe(400);

    const rotated = await provider.oauth2.setOAuth2Client({
      id,
      oAuth2Client: {
        client_name: "After",
        redirect_uris: [redirect],
        client_secret: "a-new-secret-of-enough-length",
      },
    });
    expect(rotated.client_secret).toBe("a-new-secret-of-enough-length");
    expect(await tokenStatus(id, created.client_secret!)).toBe(401);
    expect(await tokenStatus(id, "a-new-secret-of-enough-length")).toBe(400);

    const patched = await provider.oauth2.patchOAuth2Client({
      id,
      jsonPatch: [
        { op: "replace", path: "/client_name", value: "Patched" },
        { op: "add", path: "/redirect_uris/-", value: "http://127.0.0.1:7403/callback" },
      ],
    });
    expect(patched.client_name).toBe("Patched");
    expect(patched.redirect_uris).toEqual([redirect, "http://127.0.0.1:7403/callback"]);
    expect(await tokenStatus(id, "a-new-secret-of-enough-length")).toBe(400);
    const refused: JsonPatch[][] = [
      [{ op: "remove", path: "/nothing" }],
      [{ op: "add", path: "/__proto__/polluted", value: true }],
      [{ op: "test", path: "/client_name", value: "Other" }],
    ];
    for (const jsonPatch of refused) {
      const bad = await status(provider.oauth2.patchOAuth2Client({ id, jsonPatch }));
      expect(bad.status).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await provider.oauth2.getOAuth2Client({ id })).client_name).toBe("Patched");
  });

  it("deletes a client with its tokens", async () => {
    const created = await provider.oauth2.createOAuth2Client({
      oAuth2Client: { redirect_uris: [redirect], skip_consent: true },
    });
    const rp = await relyingParty(provider.issuer, {
      clientId: created.client_id!,
      secret: created.client_secret!,
      redirectUri: redirect,
    });
    const { tokens } = await signIn(provider.oauth2, new Browser(), rp);
    await provider.oauth2.deleteOAuth2Client({ id: created.client_id! });
    expect((await status(provider.oauth2.getOAuth2Client({ id: created.client_id! }))).status).toBe(
      404,
    );
    const userinfo = await fetch(`${provider.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(401);
    expect(await tokenStatus(created.client_id!, created.client_secret!)).toBe(401);
  });

  it("leaves clients from the config file alone", async () => {
    const listed = await provider.oauth2.listOAuth2Clients({});
    expect(listed.map((c) => c.client_id)).toContain("from-config");
    const put = await status(
      provider.oauth2.setOAuth2Client({
        id: "from-config",
        oAuth2Client: { redirect_uris: [redirect] },
      }),
    );
    expect(put.status).toBe(403);
    const deleted = await status(provider.oauth2.deleteOAuth2Client({ id: "from-config" }));
    expect(deleted.status).toBe(403);
  });

  it("pages the list with Hydra's page_token and Link header", async () => {
    const response = await provider.oauth2.listOAuth2ClientsRaw({ pageSize: 1 });
    expect((await response.value()).length).toBe(1);
    const link = response.raw.headers.get("link") ?? "";
    expect(link).toMatch(/page_token=1.*rel="next"/);
  });
});
