import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  body,
  createAccount,
  failure,
  type Json,
  password,
  signInBrowser,
  signInNative,
  uniqueEmail,
} from "./account-helpers.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const get = (
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Response> =>
  fetch(`${h.publicUrl}${path}`, { method, headers: { accept: "application/json", ...headers } });

describe("whoami", () => {
  it("answers 401 without an error id when there are no credentials", async () => {
    const { status, json } = await failure(h.native().toSession());
    expect(status).toBe(401);
    expectSchema("errorGeneric", json);
    expect(json.error.id).toBeUndefined();
    expect(json.error.reason).toBe("No valid session credentials found in the request.");
    const bogus = await failure(h.native().toSession({ xSessionToken: "ory_st_bogus" }));
    expect(bogus.status).toBe(401);
  });

  it("returns the session for a cookie, X-Session-Token or Bearer token, on any method", async () => {
    const email = uniqueEmail("whoami");
    const identity = await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    const fromCookie = await body(browser.api.toSessionRaw({}), "session");
    expect(fromCookie.json.identity.id).toBe(identity.id);
    expect(fromCookie.json.active).toBe(true);
    expect(fromCookie.json.authentication_methods[0].method).toBe("password");
    expect(fromCookie.response.headers.get("x-kratos-authenticated-identity-id")).toBe(identity.id);
    expect(JSON.stringify(fromCookie.json)).not.toContain("metadata_admin");

    const token = await signInNative(h, email);
    const credentials: Record<string, string>[] = [
      { "x-session-token": token },
      { authorization: `Bearer ${token}` },
    ];
    for (const headers of credentials) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const response = await get("/sessions/whoami", headers, method);
        expect(response.status).toBe(200);
        expectSchema("session", await response.json());
      }
    }
  });
});

describe("my sessions", () => {
  it("lists the other active sessions with both pagination styles, Link and X-Total-Count", async () => {
    const email = uniqueEmail("mine");
    await createAccount(h, email);
    const tokens = [
      await signInNative(h, email),
      await signInNative(h, email),
      await signInNative(h, email),
    ];
    const [current] = tokens;
    const all = await h.native().listMySessionsRaw({ xSessionToken: current });
    const list = (await all.raw.json()) as Json[];
    for (const session of list) expectSchema("session", session);
    expect(list).toHaveLength(2);
    const me = await h.native().toSession({ xSessionToken: current });
    expect(list.map((s) => s.id)).not.toContain(me.id);
    expect(all.raw.headers.get("x-total-count")).toBe("2");

    // page/per_page, 1-based
    const page2 = await get("/sessions?per_page=1&page=2", { "x-session-token": current! });
    const second = (await page2.json()) as Json[];
    expect(second).toHaveLength(1);
    expect(second[0]!.id).toBe(list[1]!.id);
    const links = page2.headers.get("link") ?? "";
    expect(links).toContain('rel="first"');
    expect(links).toContain('rel="prev"');

    // page_size/page_token, following the Link header
    const first = await get("/sessions?page_size=1", { "x-session-token": current! });
    expect(((await first.json()) as Json[])[0]!.id).toBe(list[0]!.id);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
    expect(next).toBeDefined();
    const url = new URL(next!);
    const followed = await get(
      `/sessions?page_size=1&page_token=${url.searchParams.get("page_token")}`,
      { "x-session-token": current! },
    );
    expect(((await followed.json()) as Json[])[0]!.id).toBe(list[1]!.id);

    expect(
      (await get("/sessions?page_token=garbage", { "x-session-token": current! })).status,
    ).toBe(400);
  });

  it("revokes one other session (204), refuses the current one (400) and unknown ids (404)", async () => {
    const email = uniqueEmail("revoke-one");
    await createAccount(h, email);
    const current = await signInNative(h, email);
    const other = await signInNative(h, email);
    const otherId = (await h.native().toSession({ xSessionToken: other })).id;
    const currentId = (await h.native().toSession({ xSessionToken: current })).id;

    const revoked = await h.native().disableMySessionRaw({ id: otherId, xSessionToken: current });
    expect(revoked.raw.status).toBe(204);
    expect((await failure(h.native().toSession({ xSessionToken: other }))).status).toBe(401);

    const self = await failure(
      h.native().disableMySession({ id: currentId, xSessionToken: current }),
    );
    expect(self.status).toBe(400);
    expectSchema("errorGeneric", self.json);
    expect(
      (
        await failure(
          h.native().disableMySession({ id: crypto.randomUUID(), xSessionToken: current }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await failure(h.native().disableMySession({ id: "nope", xSessionToken: current }))).status,
    ).toBe(400);

    // Another identity's session is not mine to revoke.
    const stranger = uniqueEmail("stranger");
    await createAccount(h, stranger);
    const strangerToken = await signInNative(h, stranger);
    const strangerId = (await h.native().toSession({ xSessionToken: strangerToken })).id;
    expect(
      (await failure(h.native().disableMySession({ id: strangerId, xSessionToken: current })))
        .status,
    ).toBe(404);
    expect((await h.native().toSession({ xSessionToken: strangerToken })).active).toBe(true);
  });

  it("revokes all other sessions and answers their count", async () => {
    const email = uniqueEmail("revoke-all");
    await createAccount(h, email);
    const current = await signInNative(h, email);
    const others = [await signInNative(h, email), await signInNative(h, email)];
    const { json } = await body(
      h.native().disableMyOtherSessionsRaw({ xSessionToken: current }),
      "deleteMySessionsCount",
    );
    expect(json).toEqual({ count: 2 });
    for (const token of others)
      expect((await failure(h.native().toSession({ xSessionToken: token }))).status).toBe(401);
    expect((await h.native().toSession({ xSessionToken: current })).active).toBe(true);
  });

  it("answers 401 session_inactive without a session", async () => {
    for (const [path, method] of [
      ["/sessions", "GET"],
      ["/sessions", "DELETE"],
      [`/sessions/${crypto.randomUUID()}`, "DELETE"],
    ] as const) {
      const response = await get(path, {}, method);
      expect(response.status).toBe(401);
      const json = (await response.json()) as Json;
      expectSchema("errorGeneric", json);
      expect(json.error.id).toBe("session_inactive");
    }
  });
});

describe("session token exchange", () => {
  it("hands the token out once after the native flow finished, 422 while pending, 404 otherwise", async () => {
    const email = uniqueEmail("exchange");
    await createAccount(h, email);
    const api = h.native();
    const flow = await api.createNativeLoginFlow({ returnSessionTokenExchangeCode: true });
    const initCode = flow.session_token_exchange_code;
    expect(initCode).toBeTruthy();

    const pending = await failure(
      api.exchangeSessionToken({ initCode: initCode!, returnToCode: "" }),
    );
    expect(pending.status).toBe(422);
    expectSchema("errorGeneric", pending.json);

    await api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: "password", identifier: email, password },
    });
    const { json } = await body(
      api.exchangeSessionTokenRaw({ initCode: initCode!, returnToCode: "" }),
      "successfulNativeLogin",
    );
    expect(json.session_token).toMatch(/^ory_st_/);
    expect(json.session.identity.traits.email).toBe(email);
    expect((await api.toSession({ xSessionToken: json.session_token })).active).toBe(true);

    expect(
      (await failure(api.exchangeSessionToken({ initCode: initCode!, returnToCode: "" }))).status,
    ).toBe(404);
    expect(
      (await failure(api.exchangeSessionToken({ initCode: "unknown", returnToCode: "x" }))).status,
    ).toBe(404);
    expect((await get("/sessions/token-exchange")).status).toBe(400);
  });
});
