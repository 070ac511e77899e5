import type { SuccessfulNativeRegistration } from "@ory/client-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { csrfOf, failure } from "./account-helpers.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const password = "Moos-Farn-2026!";
const traits = (email: string) => ({ email, name: { first: "Mia", last: "Moos" } });

/** A one-step password registration submit in the browser `b`. */
function registerWithPassword(
  b: Browser,
  flowId: string,
  csrfToken: string,
  traitValues: Record<string, unknown>,
  extra: { transient_payload?: Record<string, unknown> } = {},
): Promise<SuccessfulNativeRegistration> {
  return b.api.updateRegistrationFlow({
    flow: flowId,
    updateRegistrationFlowBody: {
      method: "password",
      csrf_token: csrfToken,
      password,
      traits: traitValues,
      ...extra,
    },
  });
}

describe("registration", () => {
  it("registers in one step, issues a session, emails a verification code and shows the verification UI", async () => {
    const b = h.browser();
    const flow = await b.api.createBrowserRegistrationFlow();
    expectSchema("registrationFlow", flow);
    const token = csrfOf(flow);
    const result = await registerWithPassword(b, flow.id, token, traits("mia@example.com"));
    expectSchema("successfulNativeRegistration", result);
    expect(result.session?.identity?.traits).toMatchObject({ email: "mia@example.com" });
    const show = result.continue_with?.find((c) => c.action === "show_verification_ui");
    expect(show).toBeDefined();
    const verificationId = (show as { flow: { id: string } }).flow.id;

    const whoami = await b.api.toSession();
    expect(whoami.identity?.verifiable_addresses?.[0]?.verified).toBe(false);

    // The verification flow was created while the CSRF cookie rotated; it works with the new one.
    const verification = await b.api.getVerificationFlow({ id: verificationId });
    expectSchema("verificationFlow", verification);
    expect(verification.state).toBe("sent_email");
    const code = await h.codeFor("mia@example.com");
    const wrong = await b.api.updateVerificationFlow({
      flow: verificationId,
      updateVerificationFlowBody: { method: "code", code: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.ui.messages?.[0]?.id).toBe(4070006);
    const done = await b.api.updateVerificationFlow({
      flow: verificationId,
      updateVerificationFlowBody: { method: "code", code },
    });
    expect(done.state).toBe("passed_challenge");
    expect(done.ui.messages?.[0]?.id).toBe(1080002);
    const after = await b.api.toSession();
    expect(after.identity?.verifiable_addresses?.[0]?.verified).toBe(true);

    const replay = await failure(
      b.api.updateVerificationFlow({
        flow: verificationId,
        updateVerificationFlowBody: { method: "code", code },
      }),
    );
    expect(replay.status).toBe(410);
    expect((replay.json.error as { id: string }).id).toBe("self_service_flow_replaced");
  });

  it("runs the two-step profile-first form with flat dotted keys", async () => {
    const b = h.browser();
    const flow = await b.api.createBrowserRegistrationFlow();
    const token = csrfOf(flow);
    const step = await b.fetch(`${h.publicUrl}/self-service/registration?flow=${flow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        method: "profile",
        csrf_token: token,
        "traits.email": "step@example.com",
        "traits.name.first": "Sa",
        "traits.name.last": "Lu",
      }),
    });
    expect(step.status).toBe(400);
    const second = (await step.json()) as {
      ui: { messages: { id: number }[]; nodes: { attributes: { name: string } }[] };
    };
    expectSchema("registrationFlow", second);
    expect(second.ui.messages[0]?.id).toBe(1040009);
    expect(second.ui.nodes.some((n) => n.attributes.name === "password")).toBe(true);
  });

  it("rejects an existing email with 4000007 and a short name with 4000003", async () => {
    const b = h.browser();
    const flow = await b.api.createBrowserRegistrationFlow();
    const token = csrfOf(flow);
    const dup = await failure(registerWithPassword(b, flow.id, token, traits("MIA@example.com")));
    expect(dup.status).toBe(400);
    expectSchema("registrationFlow", dup.json);
    expect((dup.json.ui as { messages: { id: number }[] }).messages[0]!.id).toBe(4000007);
    const short = await failure(
      registerWithPassword(b, flow.id, token, {
        email: "x@example.com",
        name: { first: "M", last: "Moos" },
      }),
    );
    const node = (
      short.json.ui as { nodes: { attributes: { name: string }; messages: { id: number }[] }[] }
    ).nodes.find((n) => n.attributes.name === "traits.name.first");
    expect(node?.messages[0]?.id).toBe(4000003);
  });

  it("refuses a submit without the CSRF token and writes nothing", async () => {
    const b = h.browser();
    const flow = await b.api.createBrowserRegistrationFlow();
    const res = await failure(
      registerWithPassword(b, flow.id, "forged", traits("csrf@example.com")),
    );
    expect(res.status).toBe(403);
    expectSchema("errorGeneric", res.json);
    expect((res.json.error as { id: string }).id).toBe("security_csrf_violation");
    const { identities } = await h.app.deps.persistence.identities.listIdentities({
      pageSize: 10,
      identifier: "csrf@example.com",
    });
    expect(identities).toHaveLength(0);
  });
});

describe("login", () => {
  it("asks for the identifier first, then the password, for known and unknown emails alike", async () => {
    const b = h.browser();
    const flow = await b.api.createBrowserLoginFlow();
    expectSchema("loginFlow", flow);
    const raw = (await (
      await b.fetch(`${h.publicUrl}/self-service/login/flows?id=${flow.id}`, {
        headers: { accept: "application/json" },
      })
    ).json()) as Record<string, unknown>;
    expect(raw.organization_id).toBeNull();
    expect(raw.ui).not.toHaveProperty("messages");
    const token = csrfOf(flow);
    const shapes: string[] = [];
    for (const identifier of ["mia@example.com", "nobody@example.com"]) {
      const res = await failure(
        b.api.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: { method: "identifier_first", csrf_token: token, identifier },
        }),
      );
      expect(res.status).toBe(400);
      expectSchema("loginFlow", res.json);
      const nodes = (res.json.ui as { nodes: { attributes: { name: string; type: string } }[] })
        .nodes;
      shapes.push(nodes.map((n) => `${n.attributes.name}:${n.attributes.type}`).join(","));
    }
    expect(shapes[0]).toBe(shapes[1]);
  });

  it("answers a wrong password and an unknown email with the same 4000006", async () => {
    const b = h.browser();
    const flow = await b.api.createBrowserLoginFlow();
    const token = csrfOf(flow);
    for (const identifier of ["mia@example.com", "nobody@example.com"]) {
      const res = await failure(
        b.api.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: {
            method: "password",
            csrf_token: token,
            identifier,
            password: "wrong-password-123",
          },
        }),
      );
      expect(res.status).toBe(400);
      expect((res.json.ui as { messages: { id: number }[] }).messages.map((m) => m.id)).toEqual([
        4000006,
      ]);
    }
  });

  it("signs in with the password and then refuses a second login flow", async () => {
    const b = h.browser();
    const flow = await b.api.createBrowserLoginFlow();
    const token = csrfOf(flow);
    const ok = await b.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: "password",
        csrf_token: token,
        identifier: "Mia@Example.com ",
        password,
      },
    });
    expectSchema("successfulNativeLogin", ok);
    expect(ok.continue_with?.[0]?.action).toBe("redirect_browser_to");
    const again = await failure(b.api.createBrowserLoginFlow());
    expect(again.status).toBe(400);
    expect((again.json.error as { id: string }).id).toBe("session_already_available");
    const refresh = await b.api.createBrowserLoginFlow({ refresh: true });
    expect(refresh.refresh).toBe(true);
    expect(refresh.ui.messages?.[0]?.id).toBe(1010003);
  });

  it("signs in natively with an api flow and a session token", async () => {
    const api = h.native();
    const flow = await api.createNativeLoginFlow();
    const ok = await api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: "password", identifier: "mia@example.com", password },
    });
    expect(ok.session_token).toMatch(/^ory_st_[A-Za-z0-9]{32}$/);
    const session = await api.toSession({ xSessionToken: ok.session_token! });
    expectSchema("session", session);
    expect(session.authentication_methods?.[0]?.method).toBe("password");
  });

  it("stops an unverified account with 4000010 and a way to verification", async () => {
    const b = h.browser();
    const reg = await b.api.createBrowserRegistrationFlow();
    const token = csrfOf(reg);
    await registerWithPassword(b, reg.id, token, traits("unverified@example.com"));
    const fresh = h.browser();
    const flow = await fresh.api.createBrowserLoginFlow();
    const t2 = csrfOf(flow);
    const res = await failure(
      fresh.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: "password",
          csrf_token: t2,
          identifier: "unverified@example.com",
          password,
        },
      }),
    );
    expect(res.status).toBe(400);
    expect((res.json.ui as { messages: { id: number }[] }).messages[0]!.id).toBe(4000010);
    await expect(fresh.api.toSession()).rejects.toThrow();
  });
});

describe("recovery", () => {
  it("answers 1060003 for any address, and a correct code leads to settings with 1060001", async () => {
    const b = h.browser();
    const flow = await b.api.createBrowserRecoveryFlow();
    expectSchema("recoveryFlow", flow);
    const token = csrfOf(flow);
    const unknown = await b.api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: "code", csrf_token: token, email: "ghost@example.com" },
    });
    expect(unknown.ui.messages?.[0]?.id).toBe(1060003);
    const mailsBefore = h.mails.length;
    const sent = await b.api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: "code", csrf_token: token, email: "mia@example.com" },
    });
    expectSchema("recoveryFlow", sent);
    expect(sent.ui.messages?.[0]?.id).toBe(1060003);
    const code = await h.codeFor("mia@example.com", { after: mailsBefore });
    const wrong = await b.api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: {
        method: "code",
        csrf_token: token,
        code: code === "000000" ? "111111" : "000000",
      },
    });
    expect(wrong.ui.messages?.[0]?.id).toBe(4060006);
    const res = await failure(
      b.api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: "code", csrf_token: token, code },
      }),
    );
    expect(res.status).toBe(422);
    expectSchema("errorBrowserLocationChangeRequired", res.json);
    const target = new URL(res.json.redirect_browser_to as string);
    const settings = await b.api.getSettingsFlow({ id: target.searchParams.get("flow")! });
    expectSchema("settingsFlow", settings);
    expect(settings.ui.messages?.[0]?.id).toBe(1060001);
  });
});

describe("email language", () => {
  it("writes in the language of the submit and keeps it for later emails", async () => {
    const b = h.browser();
    const flow = await b.api.createBrowserRegistrationFlow();
    const before = h.mails.length;
    await registerWithPassword(b, flow.id, csrfOf(flow), traits("english@example.com"), {
      transient_payload: { locale: "en" },
    });
    await h.codeFor("english@example.com", { after: before });
    // The recovery below sends no locale: the one kept on the identity decides.
    const recoveryBrowser = h.browser();
    const rflow = await recoveryBrowser.api.createBrowserRecoveryFlow();
    const mark = h.mails.length;
    await recoveryBrowser.api.updateRecoveryFlow({
      flow: rflow.id,
      updateRecoveryFlowBody: {
        method: "code",
        csrf_token: csrfOf(rflow),
        email: "english@example.com",
      },
    });
    await h.codeFor("english@example.com", { after: mark });
    const german = h.mails.filter((m) => m.to === "mia@example.com").at(0)?.raw ?? "";
    const english = h.mails.slice(mark).find((m) => m.to === "english@example.com")?.raw ?? "";
    expect(english).not.toEqual(german);
    expect(english).toMatch(/your|code/i);
    expect(english).not.toMatch(/\bdein\b/i);
    expect(german).toMatch(/dein|Code/);
  });
});
