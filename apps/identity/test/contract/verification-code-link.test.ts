import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { createAccount, csrfOf, type Json, request, uniqueEmail } from "./account-helpers.ts";

// Kratos's verification URL with a code (`?flow=..&code=..`) opens the flow with the code filled
// in. Links from emails are often opened in another browser (the mail app's), so the link must
// leave a flow that the opening browser can read and submit.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

type Browser = ReturnType<Harness["browser"]>;

async function sendCode(
  browser: Browser,
  email: string,
): Promise<{ flowId: string; link: string }> {
  const flow = await browser.api.createBrowserVerificationFlow();
  const mark = h.mails.length;
  await browser.api.updateVerificationFlow({
    flow: flow.id,
    updateVerificationFlowBody: { method: "code", email, csrf_token: csrfOf(flow) },
  });
  const code = await h.codeFor(email, { after: mark });
  // Kratos's verification_url with the code, as an email template may offer it.
  return {
    flowId: flow.id,
    link: `${h.publicUrl}/self-service/verification?flow=${flow.id}&code=${code}`,
  };
}

describe("the code link in the verification email", () => {
  it.each([
    ["the browser that asked for it", true],
    ["another browser", false],
  ])("opened in %s fills in the code and verifies the address", async (_, sameBrowser) => {
    const email = uniqueEmail("code-link");
    await createAccount(h, email, { verified: false });
    const asking = h.browser();
    const { flowId, link } = await sendCode(asking, email);
    const opening = sameBrowser ? asking : h.browser();

    const opened = await request(opening, link, { accept: "text/html", redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(new URL(opened.headers.get("location")!).searchParams.get("flow")).toBe(flowId);

    const flow = await opening.api.getVerificationFlow({ id: flowId });
    expectSchema("verificationFlow", flow);
    const codeNode = flow.ui.nodes.find((n) => (n.attributes as Json).name === "code");
    const code = String((codeNode?.attributes as Json | undefined)?.value);
    expect(code).toMatch(/^\d{6}$/);

    const done = await opening.api.updateVerificationFlow({
      flow: flowId,
      updateVerificationFlowBody: { method: "code", code, csrf_token: csrfOf(flow) },
    });
    expect(done.state).toBe("passed_challenge");
    expect(done.ui.messages?.map((m) => m.id)).toEqual([1080002]);
    const identity = (await h.identityApi().listIdentities({ credentialsIdentifier: email }))[0];
    expect(identity?.verifiable_addresses?.[0]?.verified).toBe(true);
  });
});
