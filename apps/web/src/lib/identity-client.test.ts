// @vitest-environment node
import { describe, expect, it } from "vitest";
import { fakeIdentity } from "../flow-engine/testing/fake-identity";
import { loginFlowJson } from "../flow-engine/testing/fixtures";
import { IdentityClient, IdentityError } from "./identity-client";

const browser = {
  cookie: "csrf_token_ab=abc%2B%3D; NEXT_LOCALE=en",
  userAgent: "Firefox",
  clientAddress: "203.0.113.7",
};

describe("IdentityClient", () => {
  it("calls the SDK like Ory's server-side clients: JSON, the browser's cookies", async () => {
    const identity = fakeIdentity({ status: 200, body: loginFlowJson("f-1") });
    const client = new IdentityClient({
      baseUrl: "http://127.0.0.1:4433",
      browser,
      requestId: "req-1",
      fetch: identity.fetch,
    });
    const flow = await client.call((api) => api.getLoginFlow({ id: "f-1" }));
    expect(flow.id).toBe("f-1");
    const [request] = identity.requests;
    expect(request?.url).toBe("http://127.0.0.1:4433/self-service/login/flows?id=f-1");
    expect(request?.headers.get("accept")).toBe("application/json");
    expect(request?.headers.get("cookie")).toBe("csrf_token_ab=abc+=; NEXT_LOCALE=en");
    expect(request?.headers.get("user-agent")).toBe("Firefox");
    expect(request?.headers.get("x-forwarded-for")).toBe("203.0.113.7");
    expect(request?.headers.get("x-request-id")).toBe("req-1");
    expect(request?.redirect).toBe("manual");
  });

  it("wraps error answers with status, data, message and cause", async () => {
    const body = {
      error: { id: "security_csrf_violation", code: 403, status: "Forbidden", message: "csrf" },
    };
    const identity = fakeIdentity({ status: 403, body });
    const client = new IdentityClient({ baseUrl: "http://id", fetch: identity.fetch });
    const error = await client
      .call((api) => api.getLoginFlow({ id: "x" }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityError);
    expect(error).toMatchObject({
      status: 403,
      data: body,
      message: "identity service answered 403",
    });
    expect((error as IdentityError).cause).toBeDefined();
  });

  it("wraps a network failure as status 0", async () => {
    const client = new IdentityClient({ baseUrl: "http://id", fetch: fakeIdentity().fetch });
    const error = await client.call((api) => api.toSession()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: "identity service unreachable" });
  });

  it("collects Set-Cookie headers, also from error answers", async () => {
    const identity = fakeIdentity(
      { status: 200, body: loginFlowJson(), headers: [["set-cookie", "a=1; Path=/"]] },
      { status: 400, body: loginFlowJson(), headers: [["set-cookie", "b=2; Path=/"]] },
    );
    const client = new IdentityClient({ baseUrl: "http://id", fetch: identity.fetch });
    await client.call((api) => api.getLoginFlow({ id: "1" }));
    await client.call((api) => api.getLoginFlow({ id: "1" })).catch(() => undefined);
    expect(client.setCookies).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("sends the cookies it received with its next calls, as a browser would", async () => {
    const identity = fakeIdentity(
      {
        status: 200,
        body: loginFlowJson("f-1"),
        headers: [["set-cookie", "csrf_token_ab=fresh; Path=/; HttpOnly"]],
      },
      { status: 200, body: loginFlowJson("f-1") },
    );
    const client = new IdentityClient({ baseUrl: "http://id", browser, fetch: identity.fetch });
    await client.call((api) => api.createBrowserLoginFlow());
    await client.call((api) => api.getLoginFlow({ id: "f-1" }));
    expect(identity.requests[0]?.headers.get("cookie")).toBe("csrf_token_ab=abc+=; NEXT_LOCALE=en");
    expect(identity.requests[1]?.headers.get("cookie")).toBe("csrf_token_ab=fresh; NEXT_LOCALE=en");
  });

  it("offers GET and POST over the same pipeline with an in-progress flag", async () => {
    const identity = fakeIdentity(
      { status: 200, body: { ok: 1 } },
      { status: 201, body: { ok: 2 } },
    );
    const client = new IdentityClient({ baseUrl: "http://id", browser, fetch: identity.fetch });
    expect(client.inProgress).toBe(false);
    const pending = client.get<{ ok: number }>("/sessions/whoami", {
      query: { tokenize_as: "jwt" },
    });
    expect(client.inProgress).toBe(true);
    expect(await pending).toEqual({ ok: 1 });
    expect(client.inProgress).toBe(false);
    expect(await client.post("/self-service/login", { a: 1 }, { query: { flow: "f" } })).toEqual({
      ok: 2,
    });
    expect(identity.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET http://id/sessions/whoami?tokenize_as=jwt",
      "POST http://id/self-service/login?flow=f",
    ]);
    expect(identity.requests[1]?.body).toEqual({ a: 1 });
    expect(identity.requests[1]?.headers.get("content-type")).toBe("application/json");
  });
});
