import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  createAccount,
  csrfOf,
  type Json,
  request,
  submitWithoutCsrf,
  uniqueEmail,
} from "./account-helpers.ts";

// The link method for recovery and verification (`selfservice.flows.<flow>.use: link`).

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    selfservice: {
      methods: { link: { enabled: true } },
      flows: { recovery: { use: "link" }, verification: { use: "link" } },
    },
  });
});
afterAll(async () => h?.close());

const nodeNames = (flow: Json): string[] =>
  flow.ui.nodes.map(
    (n: Json) =>
      `${n.group}:${n.attributes.name}${n.attributes.type === "submit" ? `=${n.attributes.value}` : ""}`,
  );

/** Waits for an email to the address after `after` and returns the self-service link in it. */
async function linkFor(address: string, after: number, path: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mail = h.mails.slice(after).find((m) => m.to === address);
    if (mail) {
      const text = (await simpleParser(mail.raw)).text ?? "";
      const url = text.match(new RegExp(`https?://\\S+/self-service/${path}\\?\\S+`))?.[0];
      if (url) return url;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no link email for ${address}`);
}

async function open(browser: ReturnType<Harness["browser"]>, url: string): Promise<URL> {
  const response = await request(browser, url, { accept: "text/html", redirect: "manual" });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

describe("recovery by link", () => {
  it("emails a link that signs in once and leads to settings with 1060001", async () => {
    const email = uniqueEmail("link-recovery");
    const identity = await createAccount(h, email);
    const browser = h.browser();
    const flow = await browser.api.createBrowserRecoveryFlow();
    expectSchema("recoveryFlow", flow);
    expect(flow.active).toBe("link");
    expect(nodeNames(flow)).toEqual(["default:csrf_token", "link:email", "link:method=link"]);
    expect(flow.ui.nodes.at(-1)?.meta.label?.id).toBe(1070005);

    const mark = h.mails.length;
    const sent = await browser.api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: "link", email, csrf_token: csrfOf(flow) },
    });
    expectSchema("recoveryFlow", sent);
    expect(sent.state).toBe("sent_email");
    expect(sent.ui.messages?.map((m) => m.id)).toEqual([1060002]);

    const link = await linkFor(email, mark, "recovery");
    expect(new URL(link).searchParams.get("flow")).toBe(flow.id);
    // The link works in any browser: the token is the proof, not the cookie.
    const reader = h.browser();
    const settings = await open(reader, link);
    expect(`${settings.origin}${settings.pathname}`).toBe("http://localhost:3000/settings");
    const session = await reader.api.toSession();
    expect(session.identity?.id).toBe(identity.id);
    expect(session.authentication_methods?.map((m) => m.method)).toEqual(["link_recovery"]);
    const settingsFlow = await reader.api.getSettingsFlow({
      id: settings.searchParams.get("flow")!,
    });
    expect(settingsFlow.ui.messages?.[0]?.id).toBe(1060001);

    // Used once: the second click starts a new flow that says the link is no good (4060004).
    const second = h.browser();
    const again = await open(second, link);
    expect(`${again.origin}${again.pathname}`).toBe("http://localhost:3000/recovery");
    const retry = await second.api.getRecoveryFlow({ id: again.searchParams.get("flow")! });
    expect(retry.ui.messages?.map((m) => m.id)).toEqual([4060004]);
    await expect(second.api.toSession()).rejects.toThrow();
  });

  it("answers unknown addresses the same and rejects a made-up token with 4060004", async () => {
    const browser = h.browser();
    const flow = await browser.api.createBrowserRecoveryFlow();
    const ghost = uniqueEmail("ghost");
    const sent = await browser.api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: "link", email: ghost, csrf_token: csrfOf(flow) },
    });
    expect(sent.ui.messages?.map((m) => m.id)).toEqual([1060002]);
    expect(h.mails.some((m) => m.to === ghost)).toBe(false);

    const bad = await open(
      browser,
      `${h.publicUrl}/self-service/recovery?flow=${flow.id}&token=${"a".repeat(32)}`,
    );
    const retry = await browser.api.getRecoveryFlow({ id: bad.searchParams.get("flow")! });
    expect(retry.id).not.toBe(flow.id);
    expect(retry.ui.messages?.map((m) => m.id)).toEqual([4060004]);
    await expect(browser.api.toSession()).rejects.toThrow();
  });
});

describe("a submit without the CSRF token", () => {
  it.each(["recovery", "verification"] as const)(
    "is refused on the %s address step when its token is null",
    async (kind) => {
      const { response } = await submitWithoutCsrf(h, kind, {
        method: "link",
        email: uniqueEmail(kind),
        token: null,
        csrf_token: undefined,
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as Json).error.id).toBe("security_csrf_violation");
    },
  );
});

describe("verification by link", () => {
  it("emails a link that verifies the address once, then 4070001", async () => {
    const email = uniqueEmail("link-verify");
    await createAccount(h, email, { verified: false });
    const browser = h.browser();
    const flow = await browser.api.createBrowserVerificationFlow();
    expectSchema("verificationFlow", flow);
    expect(nodeNames(flow)).toEqual(["default:csrf_token", "link:email", "link:method=link"]);
    const mark = h.mails.length;
    const sent = await browser.api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: "link", email, csrf_token: csrfOf(flow) },
    });
    expectSchema("verificationFlow", sent);
    expect(sent.state).toBe("sent_email");
    expect(sent.ui.messages?.map((m) => m.id)).toEqual([1080001]);

    const link = await linkFor(email, mark, "verification");
    const target = await open(browser, link);
    expect(target.toString()).toBe(`http://localhost:3000/verification?flow=${flow.id}`);
    const passed = await browser.api.getVerificationFlow({ id: flow.id });
    expectSchema("verificationFlow", passed);
    expect(passed.state).toBe("passed_challenge");
    expect(passed.ui.messages?.map((m) => m.id)).toEqual([1080002]);
    const { identities } = await h
      .identityApi()
      .listIdentitiesRaw({ credentialsIdentifier: email })
      .then(async (r) => ({ identities: (await r.raw.json()) as Json[] }));
    expect(identities[0]?.verifiable_addresses[0]).toMatchObject({
      verified: true,
      status: "completed",
    });

    const again = await open(browser, link);
    const retry = await browser.api.getVerificationFlow({ id: again.searchParams.get("flow")! });
    expect(retry.id).not.toBe(flow.id);
    expect(retry.ui.messages?.map((m) => m.id)).toEqual([4070001]);
  });

  it("sends a link after registration too", async () => {
    const email = uniqueEmail("link-signup");
    const browser = h.browser();
    const flow = await browser.api.createBrowserRegistrationFlow();
    const mark = h.mails.length;
    await browser.api.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: {
        method: "password",
        password: "Moos-Farn-2026!",
        traits: { email, name: { first: "Mia", last: "Moos" } },
        csrf_token: csrfOf(flow),
      },
    });
    const link = await linkFor(email, mark, "verification");
    await open(browser, link);
    const session = await browser.api.toSession();
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);
  });
});
