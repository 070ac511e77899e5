// @vitest-environment node
import { describe, expect, it } from "vitest";
import { IdentityClient } from "../lib/identity-client";
import { continueWithStep } from "./step-url";
import { runSubmit, type SubmitContext } from "./submit";
import { fakeIdentity } from "./testing/fake-identity";
import { loginFlowJson } from "./testing/fixtures";

const context: SubmitContext = { flow: "login", flowId: "f-1", locale: "de" };

function submitLogin(identity: ReturnType<typeof fakeIdentity>, locale: "de" | "en" = "de") {
  return runSubmit({
    client: new IdentityClient({
      baseUrl: "http://127.0.0.1:4433",
      browser: { cookie: "c=1" },
      fetch: identity.fetch,
    }),
    context: { ...context, locale },
    call: (api) =>
      api.updateLoginFlow({
        flow: "f-1",
        updateLoginFlowBody: {
          method: "password",
          identifier: "ada@example.de",
          password: "geheim123",
          csrf_token: "token-123",
          transient_payload: { locale },
        },
      }),
    onSuccess: (result) =>
      continueWithStep(result.continue_with) ?? { type: "redirect", url: "/api/redirect" },
  });
}

const session = {
  id: "s-1",
  active: true,
  identity: { id: "i-1", schema_id: "default", schema_url: "x", traits: {} },
};

describe("runSubmit (login)", () => {
  it("posts the form as JSON with the locale as transient payload", async () => {
    const identity = fakeIdentity({ status: 200, body: { session } });
    await submitLogin(identity, "en");
    const [request] = identity.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("http://127.0.0.1:4433/self-service/login?flow=f-1");
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(request?.headers.get("cookie")).toBe("c=1");
    expect(request?.body).toEqual({
      method: "password",
      identifier: "ada@example.de",
      password: "geheim123",
      csrf_token: "token-123",
      transient_payload: { locale: "en" },
    });
  });

  it("follows continue_with and hands the session cookie on", async () => {
    const identity = fakeIdentity({
      status: 200,
      body: {
        session,
        continue_with: [
          { action: "redirect_browser_to", redirect_browser_to: "https://shop.example.de/" },
        ],
      },
      headers: [["set-cookie", "ory_kratos_session=abc; Path=/; HttpOnly"]],
    });
    expect(await submitLogin(identity)).toEqual({
      redirectTo: "https://shop.example.de/",
      setCookies: ["ory_kratos_session=abc; Path=/; HttpOnly"],
    });
  });

  it("goes to /api/redirect without continue_with", async () => {
    const outcome = await submitLogin(fakeIdentity({ status: 200, body: { session } }));
    expect(outcome.redirectTo).toBe("/api/redirect");
  });

  it("returns to the screen with the same flow on 400 (messages live on the flow)", async () => {
    const outcome = await submitLogin(
      fakeIdentity({ status: 400, body: loginFlowJson("f-1") }),
      "en",
    );
    expect(outcome).toEqual({ redirectTo: "/en/login?flow=f-1", setCookies: [] });
  });

  it("shows the replacement of an expired flow", async () => {
    const body = {
      error: { id: "self_service_flow_expired", code: 410, status: "Gone", message: "expired" },
      use_flow_id: "f-2",
    };
    expect((await submitLogin(fakeIdentity({ status: 410, body }))).redirectTo).toBe(
      "/login?flow=f-2",
    );
  });

  it("sends an unverified address to verification (403 session_verified_address_required)", async () => {
    const body = {
      error: {
        id: "session_verified_address_required",
        code: 403,
        status: "Forbidden",
        message: "verify",
        details: {
          continue_with: [
            { action: "show_verification_ui", flow: { id: "v-1", verifiable_address: "a" } },
          ],
        },
      },
    };
    expect((await submitLogin(fakeIdentity({ status: 403, body }))).redirectTo).toBe(
      "/verification?flow=v-1",
    );
  });

  it("follows browser_location_change_required (2FA, OAuth2)", async () => {
    const body = {
      error: {
        id: "browser_location_change_required",
        code: 422,
        status: "Unprocessable Entity",
        message: "x",
      },
      redirect_browser_to: "http://localhost:3000/self-service/login/browser?aal=aal2",
    };
    expect((await submitLogin(fakeIdentity({ status: 422, body }))).redirectTo).toBe(
      "http://localhost:3000/self-service/login/browser?aal=aal2",
    );
  });

  it("keeps the form while the identity service is briefly unavailable (503), reporting nothing", async () => {
    const body = {
      error: { id: "service_unavailable", code: 503, status: "Service Unavailable", message: "x" },
    };
    const outcome = await submitLogin(
      fakeIdentity({ status: 503, body, headers: [["retry-after", "5"]] }),
    );
    expect(outcome).toEqual({ setCookies: [], unavailable: true });
  });

  it("reports what nobody expected and shows the screen with a generic error", async () => {
    const outcome = await submitLogin(
      fakeIdentity({ status: 500, body: { error: { code: 500, message: "boom" } } }),
    );
    expect(outcome.redirectTo).toBe("/login?flow=f-1&error=generic");
    expect(outcome.unexpected?.status).toBe(500);
  });

  it("names a network failure and rate limiting", async () => {
    expect((await submitLogin(fakeIdentity())).redirectTo).toBe("/login?flow=f-1&error=network");
    const limited = await submitLogin(
      fakeIdentity({ status: 429, body: { error: { code: 429, message: "slow" } } }),
    );
    expect(limited.redirectTo).toBe("/login?flow=f-1&error=rate_limited");
  });
});

describe("runSubmit (registration)", () => {
  it("shows the verification screen first after signing up", async () => {
    const identity = fakeIdentity({
      status: 200,
      body: {
        identity: session.identity,
        continue_with: [
          { action: "redirect_browser_to", redirect_browser_to: "http://localhost:3000/" },
          {
            action: "show_verification_ui",
            flow: { id: "v-9", verifiable_address: "ada@example.de" },
          },
        ],
      },
    });
    const outcome = await runSubmit({
      client: new IdentityClient({ baseUrl: "http://id", fetch: identity.fetch }),
      context: { flow: "registration", flowId: "r-1", locale: "en" },
      call: (api) =>
        api.updateRegistrationFlow({
          flow: "r-1",
          updateRegistrationFlowBody: {
            method: "password",
            password: "geheim123",
            traits: { email: "ada@example.de", name: { first: "Ada", last: "Lovelace" } },
            csrf_token: "t",
            transient_payload: { locale: "en" },
          },
        }),
      onSuccess: (result) =>
        continueWithStep(result.continue_with) ?? { type: "redirect", url: "/api/redirect" },
    });
    expect(outcome.redirectTo).toBe("/en/verification?flow=v-9");
    expect(identity.requests[0]?.body).toMatchObject({
      method: "password",
      traits: { email: "ada@example.de", name: { first: "Ada", last: "Lovelace" } },
    });
  });
});

describe("runSubmit (recovery)", () => {
  it("maps the 303 to a replacement flow onto the screen", async () => {
    const identity = fakeIdentity({
      status: 303,
      headers: [["location", "http://localhost:3000/self-service/recovery/flows?id=r-2"]],
    });
    const outcome = await runSubmit({
      client: new IdentityClient({ baseUrl: "http://id", fetch: identity.fetch }),
      context: { flow: "recovery", flowId: "r-1", locale: "de" },
      call: (api) =>
        api.updateRecoveryFlow({
          flow: "r-1",
          updateRecoveryFlowBody: { method: "code", code: "123456" },
        }),
      onSuccess: (flow) => ({ type: "screen", screen: "recovery", query: { flow: flow.id } }),
    });
    expect(outcome.redirectTo).toBe("/recovery?flow=r-2");
  });

  it("follows the correct code to the settings screen (422 browser_location_change_required)", async () => {
    const identity = fakeIdentity({
      status: 422,
      body: {
        error: { id: "browser_location_change_required", code: 422, status: "x", message: "x" },
        redirect_browser_to: "http://localhost:3000/settings?flow=s-1",
      },
      headers: [["set-cookie", "ory_kratos_session=new; Path=/"]],
    });
    const outcome = await runSubmit({
      client: new IdentityClient({ baseUrl: "http://id", fetch: identity.fetch }),
      context: { flow: "recovery", flowId: "r-1", locale: "de" },
      call: (api) =>
        api.updateRecoveryFlow({
          flow: "r-1",
          updateRecoveryFlowBody: { method: "code", code: "123456" },
        }),
      onSuccess: (flow) => ({ type: "screen", screen: "recovery", query: { flow: flow.id } }),
    });
    expect(outcome).toEqual({
      redirectTo: "http://localhost:3000/settings?flow=s-1",
      setCookies: ["ory_kratos_session=new; Path=/"],
    });
  });
});

describe("runSubmit (the flow again, 400)", () => {
  function identifierFirst(onFlow: Parameters<typeof runSubmit>[0]["onFlow"]) {
    const identity = fakeIdentity({ status: 400, body: loginFlowJson("f-1") });
    return runSubmit({
      client: new IdentityClient({ baseUrl: "http://id", fetch: identity.fetch }),
      context,
      call: (api) =>
        api.updateLoginFlow({
          flow: "f-1",
          updateLoginFlowBody: { method: "identifier_first", identifier: "ada@example.de" },
        }),
      onSuccess: () => ({ type: "redirect", url: "/api/redirect" }),
      onFlow,
    });
  }

  it("goes to the flow's screen by default", async () => {
    const outcome = await identifierFirst(undefined);
    expect(outcome.redirectTo).toBe("/login?flow=f-1");
  });

  it("stays on the form when onFlow says so, or goes where it says", async () => {
    expect(await identifierFirst(() => undefined)).toEqual({ setCookies: [] });
    const outcome = await identifierFirst((flow) => ({
      type: "screen",
      screen: "login",
      query: { flow: flow.id, step: "x" },
    }));
    expect(outcome.redirectTo).toBe("/login?flow=f-1&step=x");
  });
});

describe("runSubmit (social sign-in)", () => {
  it("sends the browser to the provider (422 browser_location_change_required)", async () => {
    const provider = "https://accounts.google.com/o/oauth2/v2/auth?state=s";
    const identity = fakeIdentity({
      status: 422,
      body: {
        error: { id: "browser_location_change_required", code: 422, status: "x", message: "x" },
        redirect_browser_to: provider,
      },
      headers: [["set-cookie", "ory_kratos_continuity=c; Path=/; HttpOnly; SameSite=Lax"]],
    });
    const outcome = await runSubmit({
      client: new IdentityClient({ baseUrl: "http://id", fetch: identity.fetch }),
      context,
      call: (api) =>
        api.updateLoginFlow({
          flow: "f-1",
          updateLoginFlowBody: { method: "oidc", provider: "google", csrf_token: "t" },
        }),
      onSuccess: () => ({ type: "redirect", url: "/api/redirect" }),
    });
    expect(outcome).toEqual({
      redirectTo: provider,
      setCookies: ["ory_kratos_continuity=c; Path=/; HttpOnly; SameSite=Lax"],
    });
    expect(identity.requests[0]?.body).toEqual({
      method: "oidc",
      provider: "google",
      csrf_token: "t",
    });
  });
});
