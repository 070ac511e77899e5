import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { body, csrfOf, failure, type Json, traitsOf, uniqueEmail } from "./account-helpers.ts";

// Passwordless sign-up by email code (Kratos's `code` method in the registration flow).

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ selfservice: { methods: { code: { passwordless_enabled: true } } } });
});
afterAll(async () => h?.close());

const nodeNames = (flow: Json): string[] =>
  flow.ui.nodes.map(
    (n: Json) =>
      `${n.group}:${n.attributes.name}${n.attributes.type === "submit" ? `=${n.attributes.value}` : ""}`,
  );
const node = (flow: Json, name: string): Json =>
  flow.ui.nodes.find((n: Json) => n.attributes.name === name);
const otherCode = (code: string): string => (code === "000000" ? "111111" : "000000");

async function sendCode(email: string) {
  const browser = h.browser();
  const flow = await browser.api.createBrowserRegistrationFlow();
  const mark = h.mails.length;
  const sent = await failure(
    browser.api.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: {
        method: "code",
        traits: traitsOf(email),
        csrf_token: csrfOf(flow),
      },
    }),
  );
  return { browser, flow, sent, mark };
}

function submitCode(browser: ReturnType<Harness["browser"]>, flow: Json, code: string) {
  return browser.api.updateRegistrationFlowRaw({
    flow: flow.id,
    updateRegistrationFlowBody: {
      method: "code",
      code,
      traits: traitsOf("ignored@example.com"),
      csrf_token: csrfOf(flow),
    },
  });
}

describe("code registration", () => {
  it("offers 'Send sign up code' (1040006) on the credential step", async () => {
    const browser = h.browser();
    const flow = await browser.api.createBrowserRegistrationFlow();
    const step = await failure(
      browser.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: "profile",
          traits: traitsOf(uniqueEmail("step")),
          csrf_token: csrfOf(flow),
        },
      }),
    );
    // Kratos's order (registration/sort.go): the code group before the password group.
    expect(nodeNames(step.json).slice(-4)).toEqual([
      "code:method=code",
      "password:password",
      "password:method=password",
      "profile:screen=previous",
    ]);
    expect(step.json.ui.nodes.at(-4).meta.label.id).toBe(1040006);
  });

  it("emails a code, then creates the account with a verified address and signs in", async () => {
    const email = uniqueEmail("code-signup");
    const { browser, sent, mark } = await sendCode(email);
    expect(sent.status).toBe(400);
    expectSchema("registrationFlow", sent.json);
    expect(sent.json.state).toBe("sent_email");
    expect(sent.json.ui.messages.map((m: Json) => m.id)).toEqual([1040005]);
    expect(nodeNames(sent.json)).toEqual([
      "default:csrf_token",
      "default:traits.email",
      "default:traits.name.first",
      "default:traits.name.last",
      "code:method",
      "code:code",
      "code:method=code",
      "code:resend=code",
      "profile:screen=credential-selection",
    ]);
    expect(node(sent.json, "traits.email").attributes).toMatchObject({
      type: "hidden",
      value: email,
    });
    expect(node(sent.json, "code").meta.label.id).toBe(1070012);

    const code = await h.codeFor(email, { after: mark });
    const wrong = await failure(submitCode(browser, sent.json, otherCode(code)));
    expect(wrong.status).toBe(400);
    expectSchema("registrationFlow", wrong.json);
    expect(wrong.json.ui.messages.map((m: Json) => m.id)).toEqual([4040003]);

    const { json: done } = await body(
      submitCode(browser, sent.json, code),
      "successfulNativeRegistration",
    );
    expect(done.identity.traits.email).toBe(email);
    expect(done.identity.verifiable_addresses[0]).toMatchObject({
      value: email,
      verified: true,
      status: "completed",
    });
    expect(done.session.authentication_methods[0].method).toBe("code");
    const whoami = await browser.api.toSession();
    expect(whoami.identity?.id).toBe(done.identity.id);

    // The new account signs in by code as well.
    const login = h.browser();
    const flow = await login.api.createBrowserLoginFlow();
    const before = h.mails.length;
    await failure(
      login.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "code", identifier: email, csrf_token: csrfOf(flow) },
      }),
    );
    const loginCode = await h.codeFor(email, { after: before });
    const signedIn = await login.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: "code", code: loginCode, csrf_token: csrfOf(flow) },
    });
    expect(signedIn.session.identity?.id).toBe(done.identity.id);
  });

  it("refuses invalid traits before sending anything", async () => {
    const browser = h.browser();
    const flow = await browser.api.createBrowserRegistrationFlow();
    const mark = h.mails.length;
    const res = await failure(
      browser.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: "code",
          traits: { email: "not-an-email", name: { first: "M", last: "Moos" } },
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.json.state).toBe("choose_method");
    expect(node(res.json, "traits.email").messages.length).toBeGreaterThan(0);
    expect(h.mails.length).toBe(mark);
  });

  it("answers a taken address with 4000007 after the code, and 5 wrong codes kill it", async () => {
    const email = uniqueEmail("taken");
    const first = await sendCode(email);
    await body(
      submitCode(first.browser, first.sent.json, await h.codeFor(email, { after: first.mark })),
      "successfulNativeRegistration",
    );
    const second = await sendCode(email);
    const code = await h.codeFor(email, { after: second.mark });
    const taken = await failure(submitCode(second.browser, second.sent.json, code));
    expect(taken.json.ui.messages.map((m: Json) => m.id)).toEqual([4000007]);

    const third = await sendCode(uniqueEmail("dead"));
    for (let i = 0; i < 5; i++) await failure(submitCode(third.browser, third.sent.json, "000000"));
    const dead = await failure(submitCode(third.browser, third.sent.json, "000000"));
    expect(dead.json.ui.messages[0].id).toBe(4000001);
  });
});
