import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSchema } from "../support/openapi.ts";
import { type SocialHarness, startSocialHarness } from "../support/social.ts";
import { csrfOf, failure, type Json, request } from "./account-helpers.ts";
import { flowIdOf, messageIds, nodeNamed, startAt, viaProvider } from "./social-helpers.ts";

// Registering and signing in with Google, Apple and Facebook against the local provider.

let s: SocialHarness;
beforeAll(async () => {
  s = await startSocialHarness();
});
afterAll(async () => s?.close());

const home = "http://localhost:3000/";

describe("social sign-in buttons", () => {
  it("offers one oidc submit per provider on login (1010002) and registration (1040002)", async () => {
    const b = s.h.browser();
    const login = await b.api.createBrowserLoginFlow();
    expectSchema("loginFlow", login);
    const registration = await b.api.createBrowserRegistrationFlow();
    expectSchema("registrationFlow", registration);
    for (const [flow, id] of [
      [login, 1010002],
      [registration, 1040002],
    ] as const) {
      const buttons = flow.ui.nodes.filter((n) => n.group === "oidc");
      // Kratos sorts a group's nodes by value where nothing else tells them apart.
      expect(buttons.map((n) => (n.attributes as { value: string }).value)).toEqual([
        "apple",
        "facebook",
        "google",
      ]);
      expect(buttons[2]?.attributes).toMatchObject({ name: "provider", type: "submit" });
      expect(buttons[2]?.meta.label).toMatchObject({
        id,
        context: { provider: "Google", provider_id: "google" },
      });
    }
  });

  it("answers a plain HTML form (only the clicked button) with a 303 to the provider", async () => {
    const b = s.h.browser();
    const flow = await b.api.createBrowserLoginFlow();
    const csrf = csrfOf(flow);
    const res = await request(b, `${s.h.publicUrl}/self-service/login?flow=${flow.id}`, {
      method: "POST",
      accept: "text/html",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      // A plain form posts only the clicked button: no method field.
      body: new URLSearchParams({ provider: "google", csrf_token: csrf }).toString(),
    });
    expect(res.status).toBe(303);
    const target = new URL(res.headers.get("location")!);
    expect(target.href.startsWith(`${s.provider.issuer("google")}/auth`)).toBe(true);
    expect(target.searchParams.get("code_challenge_method")).toBe("S256");
    expect(target.searchParams.get("nonce")).toBeTruthy();
    expect(target.searchParams.get("state")).toBeTruthy();
    expect(res.headers.getSetCookie().some((c) => c.startsWith("ory_kratos_continuity="))).toBe(
      true,
    );
  });
});

describe("Google", () => {
  it("registers a new customer with a verified email, then signs the same account in again", async () => {
    const b = s.h.browser();
    const res = await viaProvider(b, "google", { person: "lena" }, "registration");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(home);
    const session = await b.api.toSession();
    expectSchema("session", session);
    expect(session.identity?.traits).toEqual({
      email: "lena@example.com",
      name: { first: "Lena", last: "Lindgren" },
    });
    expect(session.identity?.verifiable_addresses?.[0]).toMatchObject({
      value: "lena@example.com",
      verified: true,
      status: "completed",
    });
    expect(session.authentication_methods?.[0]).toMatchObject({
      method: "oidc",
      provider: "google",
    });

    // A new browser, the login button this time: the same account.
    const again = s.h.browser();
    const second = await viaProvider(again, "google", { person: "lena" });
    expect(second.headers.get("location")).toBe(home);
    expect((await again.api.toSession()).identity?.id).toBe(session.identity?.id);
  });
});

describe("Apple", () => {
  it("answers with form_post: the POST callback turns into a GET, the name comes only the first time", async () => {
    const b = s.h.browser();
    const { url } = await startAt(b, "registration", "apple");
    expect(new URL(url).searchParams.get("response_mode")).toBe("form_post");
    const { atProvider, backToIdentity } = await import("../support/social.ts");
    const answer = await atProvider(b, url, { person: "mira" });
    expect(answer.method).toBe("POST");
    const res = await backToIdentity(b, answer);
    expect(res.headers.get("location")).toBe(home);
    const session = await b.api.toSession();
    expect(session.identity?.traits).toEqual({
      email: "mira.7f3k2@privaterelay.appleid.com",
      name: { first: "Mira", last: "Meyer" },
    });
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);

    const again = s.h.browser();
    const second = await viaProvider(again, "apple", { person: "mira" });
    expect(second.headers.get("location")).toBe(home);
    expect((await again.api.toSession()).identity?.id).toBe(session.identity?.id);
  });
});

describe("Facebook", () => {
  it("registers a person with an email through the Graph API and verifies the email by code", async () => {
    const b = s.h.browser();
    const res = await viaProvider(b, "facebook", {
      custom: { email: "fb-anna@example.com", first: "Anna", last: "Arndt" },
    });
    expect(res.status).toBe(303);
    const verificationUrl = new URL(res.headers.get("location")!);
    expect(verificationUrl.pathname).toBe("/verification");
    const session = await b.api.toSession();
    expect(session.identity?.traits).toMatchObject({ email: "fb-anna@example.com" });
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(false);
    const code = await s.h.codeFor("fb-anna@example.com");
    const done = await b.api.updateVerificationFlow({
      flow: verificationUrl.searchParams.get("flow")!,
      updateVerificationFlowBody: { method: "code", code },
    });
    expect(done.state).toBe("passed_challenge");
  });

  it("asks a person without an email for one (Social register), then verifies it by code", async () => {
    const b = s.h.browser();
    const res = await viaProvider(b, "facebook", { person: "jonas" });
    const flowId = flowIdOf(res);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/registration");
    expect((await failure(b.api.toSession())).status).toBe(401);

    const raw = await request(b, `${s.h.publicUrl}/self-service/registration/flows?id=${flowId}`);
    const flow = (await raw.json()) as Json;
    expectSchema("registrationFlow", flow);
    const email = nodeNamed(flow, "traits.email")!;
    expect(email.group).toBe("oidc");
    expect(email.attributes.type).toBe("email");
    expect(email.messages.map((m: Json) => m.id)).toEqual([4000002]);
    expect(nodeNamed(flow, "traits.name.first")?.attributes).toMatchObject({
      type: "hidden",
      value: "Jonas",
    });
    expect(nodeNamed(flow, "provider", "facebook")?.meta.label.id).toBe(1040002);

    const csrf = nodeNamed(flow, "csrf_token")!.attributes.value as string;
    const invalid = await request(b, `${s.h.publicUrl}/self-service/registration?flow=${flowId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        method: "oidc",
        provider: "facebook",
        csrf_token: csrf,
        "traits.email": "nope",
      }),
    });
    expect(invalid.status).toBe(400);
    const again = (await invalid.json()) as Json;
    expect(nodeNamed(again, "traits.email")?.messages[0]?.id).toBe(4000040);

    const done = await request(b, `${s.h.publicUrl}/self-service/registration?flow=${flowId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        method: "oidc",
        provider: "facebook",
        csrf_token: csrf,
        traits: { email: "Jonas@Example.com", name: { first: "Mallory", last: "X" } },
      }),
    });
    expect(done.status).toBe(200);
    const result = (await done.json()) as Json;
    expectSchema("successfulNativeRegistration", result);
    // What Facebook said wins over what was typed; the typed email is stored normalised.
    expect(result.identity.traits).toEqual({
      email: "jonas@example.com",
      name: { first: "Jonas", last: "Jäger" },
    });
    const show = result.continue_with.find((c: Json) => c.action === "show_verification_ui");
    expect(show.flow.verifiable_address).toBe("jonas@example.com");
    const code = await s.h.codeFor("jonas@example.com");
    const verified = await b.api.updateVerificationFlow({
      flow: show.flow.id,
      updateVerificationFlowBody: { method: "code", code },
    });
    expect(verified.state).toBe("passed_challenge");

    // Next time Jonas signs in with Facebook straight away.
    const later = s.h.browser();
    expect(
      (await viaProvider(later, "facebook", { person: "jonas" })).headers.get("location"),
    ).toBe(home);
    expect((await later.api.toSession()).identity?.id).toBe(result.identity.id);
    expect(messageIds(flow)).toEqual([]);
  });
});
