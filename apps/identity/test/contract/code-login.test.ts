import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  body,
  createAccount,
  csrfOf,
  failure,
  type Json,
  request,
  uniqueEmail,
} from "./account-helpers.ts";

// Passwordless sign-in by email code (Kratos's `code` method with passwordless_enabled).

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    selfservice: {
      methods: { code: { passwordless_enabled: true } },
      flows: { login: { style: "unified" } },
    },
  });
});
afterAll(async () => h?.close());

const nodeNames = (flow: Json): string[] =>
  flow.ui.nodes.map(
    (n: Json) =>
      `${n.group}:${n.attributes.name}${n.attributes.type === "submit" ? `=${n.attributes.value}` : ""}`,
  );
const node = (flow: Json, name: string, value?: string): Json =>
  flow.ui.nodes.find(
    (n: Json) =>
      n.attributes.name === name && (value === undefined || n.attributes.value === value),
  );
const otherCode = (code: string): string => (code === "000000" ? "111111" : "000000");

/** Starts a browser login flow and asks for a code for `email`; returns the sent_email flow. */
async function sendCode(email: string) {
  const browser = h.browser();
  const flow = await browser.api.createBrowserLoginFlow();
  const mark = h.mails.length;
  const sent = await failure(
    browser.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: "code", identifier: email, csrf_token: csrfOf(flow) },
    }),
  );
  return { browser, flow, sent, mark };
}

async function submitCode(
  browser: ReturnType<Harness["browser"]>,
  flow: { id: string } & Json,
  code: string,
) {
  return browser.api.updateLoginFlowRaw({
    flow: flow.id,
    updateLoginFlowBody: { method: "code", code, csrf_token: csrfOf(flow) },
  });
}

describe("code login: the form", () => {
  it("offers 'Send sign in code' (1010015) in the code group, before the password group as Kratos sorts them", async () => {
    const { json: flow } = await body(h.browser().api.createBrowserLoginFlowRaw({}), "loginFlow");
    // selfservice/flow/login/sort.go: oidc, default, webauthn, passkey, code, password, ...
    expect(nodeNames(flow)).toEqual([
      "default:csrf_token",
      "default:identifier",
      "code:method=code",
      "password:password",
      "password:method=password",
    ]);
    expect(node(flow, "method", "code").meta.label.id).toBe(1010015);
  });

  it("is on the identifier-first password step too", async () => {
    const other = await startHarness({
      selfservice: { methods: { code: { passwordless_enabled: true } } },
    });
    try {
      const browser = other.browser();
      const flow = await browser.api.createBrowserLoginFlow();
      const step = await failure(
        browser.api.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: {
            method: "identifier_first",
            identifier: "someone@example.com",
            csrf_token: csrfOf(flow),
          },
        }),
      );
      expect(nodeNames(step.json)).toContain("code:method=code");
    } finally {
      await other.close();
    }
  });
});

describe("code login: sending and signing in", () => {
  it("emails a code, answers sent_email with 1010014, and the code signs in (amr code, aal1, address verified)", async () => {
    const email = uniqueEmail("code-login");
    const identity = await createAccount(h, email, { verified: false });
    const { browser, sent, mark } = await sendCode(email);

    expect(sent.status).toBe(400);
    expectSchema("loginFlow", sent.json);
    expect(sent.json.state).toBe("sent_email");
    expect(sent.json.active).toBe("code");
    expect(sent.json.ui.messages.map((m: Json) => m.id)).toEqual([1010014]);
    expect(nodeNames(sent.json)).toEqual([
      "default:csrf_token",
      "default:identifier",
      "code:method",
      "code:code",
      "code:method=code",
      "code:resend=code",
    ]);
    expect(node(sent.json, "identifier").attributes).toMatchObject({
      type: "hidden",
      value: email,
    });
    expect(node(sent.json, "code").meta.label.id).toBe(1070013);
    expect(node(sent.json, "resend").meta.label.id).toBe(1070008);

    const code = await h.codeFor(email, { after: mark });
    const wrong = await failure(
      submitCode(browser, sent.json as Json & { id: string }, otherCode(code)),
    );
    expect(wrong.status).toBe(400);
    expectSchema("loginFlow", wrong.json);
    expect(wrong.json.ui.messages.map((m: Json) => m.id)).toEqual([4010008]);
    expect(wrong.json.state).toBe("sent_email");

    const { json: done } = await body(
      submitCode(browser, sent.json as Json & { id: string }, code),
      "successfulNativeLogin",
    );
    expect(done.session.identity.id).toBe(identity.id);
    expect(done.session.authenticator_assurance_level).toBe("aal1");
    expect(done.session.authentication_methods.map((m: Json) => [m.method, m.aal])).toEqual([
      ["code", "aal1"],
    ]);
    expect(done.session.identity.verifiable_addresses[0]).toMatchObject({
      verified: true,
      status: "completed",
    });
    expect(done.continue_with[0].action).toBe("redirect_browser_to");
    const whoami = await browser.api.toSession();
    expect(whoami.identity?.id).toBe(identity.id);

    // Signing in rotated the CSRF secret: the old form cannot be sent again.
    const again = await failure(submitCode(browser, sent.json as Json & { id: string }, code));
    expect(again.status).toBe(403);
    expect(again.json.error.id).toBe("security_csrf_violation");
  });

  it("answers an unknown address exactly like a known one and sends nothing", async () => {
    const known = uniqueEmail("known");
    await createAccount(h, known);
    const unknown = uniqueEmail("unknown");
    // The unknown address first: its job (login-code-job.ts) has run by the time the known
    // address's code arrives, so "sends nothing" is checked after the lookup, not before.
    const b = await sendCode(unknown);
    const a = await sendCode(known);
    await h.codeFor(known, { after: a.mark });
    expect(b.sent.status).toBe(a.sent.status);
    expect(nodeNames(b.sent.json)).toEqual(nodeNames(a.sent.json));
    expect(b.sent.json.ui.messages).toEqual(a.sent.json.ui.messages);
    expect(h.mails.some((m) => m.to === unknown)).toBe(false);
    const wrong = await failure(
      submitCode(b.browser, b.sent.json as Json & { id: string }, "123456"),
    );
    expect(wrong.json.ui.messages.map((m: Json) => m.id)).toEqual([4010008]);
  });

  it("kills the code after 5 wrong tries", async () => {
    const email = uniqueEmail("tries");
    await createAccount(h, email);
    const { browser, sent, mark } = await sendCode(email);
    const code = await h.codeFor(email, { after: mark });
    const flow = sent.json as Json & { id: string };
    for (let i = 0; i < 5; i++) {
      const wrong = await failure(submitCode(browser, flow, otherCode(code)));
      expect(wrong.json.ui.messages[0].id).toBe(4010008);
    }
    const dead = await failure(submitCode(browser, flow, code));
    expect(dead.status).toBe(400);
    expect(dead.json.ui.messages[0]).toMatchObject({ id: 4000001 });
    expect(dead.json.ui.messages[0].context.reason).toMatch(/too often/);
    await expect(browser.api.toSession()).rejects.toThrow();
  });

  it("sends a new code on resend and the old one stops working", async () => {
    const email = uniqueEmail("resend");
    await createAccount(h, email);
    const { browser, sent, mark } = await sendCode(email);
    const first = await h.codeFor(email, { after: mark });
    const flow = sent.json as Json & { id: string };
    const mark2 = h.mails.length;
    const resent = await failure(
      browser.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: "code",
          resend: "code",
          identifier: email,
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(resent.json.state).toBe("sent_email");
    const second = await h.codeFor(email, { after: mark2 });
    if (first !== second) {
      const old = await failure(submitCode(browser, flow, first));
      expect(old.json.ui.messages[0].id).toBe(4010008);
    }
    const { json } = await body(submitCode(browser, flow, second), "successfulNativeLogin");
    expect(json.session.authentication_methods[0].method).toBe("code");
  });

  it("signs a native app in with a session token", async () => {
    const email = uniqueEmail("native-code");
    await createAccount(h, email);
    const api = h.native();
    const flow = await api.createNativeLoginFlow();
    const mark = h.mails.length;
    const sent = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "code", identifier: email, csrf_token: "" },
      }),
    );
    expect(sent.json.state).toBe("sent_email");
    const code = await h.codeFor(email, { after: mark });
    const { json } = await body(
      api.updateLoginFlowRaw({
        flow: flow.id,
        updateLoginFlowBody: { method: "code", code, csrf_token: "" },
      }),
      "successfulNativeLogin",
    );
    expect(json.session_token).toMatch(/^ory_st_/);
  });

  it("sends browsers back to the login UI after each step", async () => {
    const email = uniqueEmail("html-code");
    await createAccount(h, email);
    const browser = h.browser();
    const flow = await browser.api.createBrowserLoginFlow();
    const form = new URLSearchParams({
      method: "code",
      identifier: email,
      csrf_token: csrfOf(flow),
    });
    const response = await request(browser, `${h.publicUrl}/self-service/login?flow=${flow.id}`, {
      method: "POST",
      body: form,
      accept: "text/html",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://localhost:3000/login?flow=${flow.id}`);
  });
});
