import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  createAccount,
  type Json,
  password,
  request,
  signInBrowser,
  uniqueEmail,
} from "./account-helpers.ts";
import {
  aal2LoginFlow,
  nodeKeys,
  nodeOf,
  settingsFlow,
  signInFirstFactor,
  submitLogin,
  submitSettings,
  whoami,
  with2fa,
} from "./second-factor-helpers.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness(with2fa());
});
afterAll(async () => h?.close());

const lookupKeys = (flow: Json): string[] =>
  nodeKeys(flow).filter((k) => k.startsWith("lookup_secret:"));
const messageIds = (flow: Json): number[] =>
  (flow.ui.messages ?? []).map((m: { id: number }) => m.id);

/** Regenerates and confirms backup codes for the signed-in browser; returns the codes. */
async function setUpCodes(browser: Awaited<ReturnType<typeof signInBrowser>>): Promise<string[]> {
  const flow = await settingsFlow(browser);
  const generated = await submitSettings(h, browser, flow, { lookup_secret_regenerate: true });
  const codes = nodeOf(generated.json, "lookup_secret_codes")!.attributes.text.context.secrets.map(
    (s: Json) => s.context.secret as string,
  );
  const confirmed = await submitSettings(h, browser, generated.json, {
    lookup_secret_confirm: "true",
  });
  expect(confirmed.status).toBe(200);
  return codes;
}

describe("backup codes in settings", () => {
  it("generates 12 codes, shows them once, saves them only when confirmed", async () => {
    const email = uniqueEmail("lookup-setup");
    await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    const flow = await settingsFlow(browser);
    expect(lookupKeys(flow)).toEqual(["lookup_secret:lookup_secret_regenerate"]);

    const early = await submitSettings(h, browser, flow, { lookup_secret_confirm: true });
    expect(early.status).toBe(400);
    expectSchema("settingsFlow", early.json);
    expect(messageIds(early.json)).toEqual([4000001]);

    const generated = await submitSettings(h, browser, flow, { lookup_secret_regenerate: true });
    expect(generated.status).toBe(200);
    expectSchema("settingsFlow", generated.json);
    expect(generated.json.state).toBe("show_form");
    expect(lookupKeys(generated.json)).toEqual([
      "lookup_secret:lookup_secret_codes",
      "lookup_secret:lookup_secret_confirm",
    ]);
    const codesNode = nodeOf(generated.json, "lookup_secret_codes")!;
    expect(codesNode.type).toBe("text");
    expect(codesNode.meta.label.id).toBe(1050010);
    expect(codesNode.attributes.text.id).toBe(1050015);
    const secrets = codesNode.attributes.text.context.secrets as Json[];
    expect(secrets).toHaveLength(12);
    for (const s of secrets) {
      expect(s.id).toBe(1050009);
      expect(s.context.secret).toMatch(/^[a-z0-9]{8}$/);
    }
    expect(new Set(secrets.map((s) => s.context.secret)).size).toBe(12);

    // Not saved yet: the session is still aal1 and whoami does not ask for a second factor.
    expect((await whoami(h, browser)).json.authenticator_assurance_level).toBe("aal1");

    const confirmed = await submitSettings(h, browser, generated.json, {
      lookup_secret_confirm: true,
    });
    expect(confirmed.status).toBe(200);
    expectSchema("settingsFlow", confirmed.json);
    expect(confirmed.json.state).toBe("success");
    expect(messageIds(confirmed.json)).toEqual([1050001]);
    expect(lookupKeys(confirmed.json)).toEqual([
      "lookup_secret:lookup_secret_reveal",
      "lookup_secret:lookup_secret_disable",
    ]);
    expect(JSON.stringify(confirmed.json)).not.toContain(secrets[0]!.context.secret);
    expect((await whoami(h, browser)).json.authenticator_assurance_level).toBe("aal2");

    // Only hashes are stored: the admin API's credentials hold no code.
    const admin = await request(
      { fetch },
      `${h.adminUrl}/admin/identities/${confirmed.json.identity.id}?include_credential=lookup_secret`,
      { headers: { authorization: `Bearer ${h.adminToken}` } },
    );
    const stored = JSON.stringify(await admin.json());
    for (const s of secrets) expect(stored).not.toContain(s.context.secret);

    const revealed = await submitSettings(h, browser, confirmed.json, {
      lookup_secret_reveal: true,
    });
    expect(revealed.status).toBe(200);
    expectSchema("settingsFlow", revealed.json);
    expect(lookupKeys(revealed.json)).toEqual([
      "lookup_secret:lookup_secret_codes",
      "lookup_secret:lookup_secret_disable",
      "lookup_secret:lookup_secret_regenerate",
    ]);
    const masked = nodeOf(revealed.json, "lookup_secret_codes")!.attributes.text.context.secrets;
    expect(masked).toHaveLength(12);
    expect(JSON.stringify(revealed.json)).not.toContain(secrets[0]!.context.secret);

    const disabled = await submitSettings(h, browser, revealed.json, {
      lookup_secret_disable: true,
    });
    expect(disabled.status).toBe(200);
    expect(disabled.json.state).toBe("success");
    expect(lookupKeys(disabled.json)).toEqual(["lookup_secret:lookup_secret_regenerate"]);
  });
});

describe("backup codes at sign-in", () => {
  it("each code works once: 4000016 when unknown, 4000012 when used", async () => {
    const email = uniqueEmail("lookup-login");
    await createAccount(h, email);
    const codes = await setUpCodes(await signInBrowser(h, email));

    const first = await signInFirstFactor(h, email, password);
    expect(first.status).toBe(422);
    const flow = await aal2LoginFlow(h, first.browser);
    expect(nodeKeys(flow)).toEqual([
      "default:csrf_token",
      "lookup_secret:lookup_secret",
      "lookup_secret:method",
    ]);
    expect(nodeOf(flow, "lookup_secret")!.meta.label.id).toBe(1010007);

    const wrong = await submitLogin(h, first.browser, flow, {
      method: "lookup_secret",
      lookup_secret: "zzzzzzzz",
    });
    expect(wrong.status).toBe(400);
    expectSchema("loginFlow", wrong.json);
    expect(messageIds(wrong.json)).toEqual([4000016]);

    const ok = await submitLogin(h, first.browser, flow, {
      method: "lookup_secret",
      lookup_secret: codes[0],
    });
    expect(ok.status).toBe(200);
    expect(ok.json.session.authenticator_assurance_level).toBe("aal2");
    expect(ok.json.session.authentication_methods.map((m: { method: string }) => m.method)).toEqual(
      ["password", "lookup_secret"],
    );

    const second = await signInFirstFactor(h, email, password);
    const again = await aal2LoginFlow(h, second.browser);
    const reused = await submitLogin(h, second.browser, again, {
      method: "lookup_secret",
      lookup_secret: codes[0],
    });
    expect(reused.status).toBe(400);
    expect(messageIds(reused.json)).toEqual([4000012]);

    // The used code shows as used when the codes are revealed.
    const withAal2 = await submitLogin(h, second.browser, again, {
      method: "lookup_secret",
      lookup_secret: codes[1]!.toUpperCase(),
    });
    expect(withAal2.status).toBe(200);
    const flowS = await settingsFlow(second.browser);
    const revealed = await submitSettings(h, second.browser, flowS, { lookup_secret_reveal: true });
    const entries = nodeOf(revealed.json, "lookup_secret_codes")!.attributes.text.context.secrets;
    expect(entries.map((e: Json) => e.id)).toEqual([
      1050014,
      1050014,
      ...Array<number>(10).fill(1050009),
    ]);
  });

  it("backup codes alone count as a second factor (as Kratos counts them)", async () => {
    const email = uniqueEmail("lookup-aal");
    await createAccount(h, email);
    await setUpCodes(await signInBrowser(h, email));
    const { browser, status } = await signInFirstFactor(h, email, password);
    expect(status).toBe(422);
    const me = await whoami(h, browser);
    expect(me.status).toBe(403);
    expect(me.json.error.id).toBe("session_aal2_required");
  });
});
