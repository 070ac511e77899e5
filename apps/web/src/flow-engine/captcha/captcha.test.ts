import type { UiNode } from "@ory/client-fetch";
import { createChallenge, pbkdf2, verifySolution } from "altcha/lib";
import { describe, expect, it } from "vitest";
import { CAPTCHA_RESPONSE_FIELD, captchaChallenge, withCaptcha } from "./captcha-nodes";
import { solveAltcha } from "./solve-challenge";

// The proof of work in the web app (docs/web-app.md#bot-defence): read from the flow's captcha
// nodes, solved with ALTCHA's solver, and sent along with the method's body.

function input(group: string, name: string, value: string): UiNode {
  return {
    type: "input",
    group,
    attributes: { node_type: "input", name, type: "hidden", value, disabled: false },
    messages: [],
    meta: {},
  } as UiNode;
}

describe("the flow's challenge", () => {
  it("is the captcha group's challenge node, and nothing without one", () => {
    const nodes = [
      input("default", "csrf_token", "token"),
      input("captcha", "captcha_altcha_challenge", '{"parameters":{}}'),
      input("captcha", CAPTCHA_RESPONSE_FIELD, ""),
    ];
    expect(captchaChallenge(nodes)).toBe('{"parameters":{}}');
    expect(captchaChallenge(nodes.slice(0, 1))).toBeUndefined();
    // Another group's node of that name asks for nothing.
    expect(captchaChallenge([input("default", "captcha_altcha_challenge", "x")])).toBeUndefined();
  });
});

describe("the body", () => {
  const body = { method: "password", transient_payload: { locale: "de" } };

  it("carries the form's solution in transient_payload, next to the language", () => {
    expect(withCaptcha(body, { [CAPTCHA_RESPONSE_FIELD]: "c29sdmVk" })).toEqual({
      method: "password",
      transient_payload: { locale: "de", captcha_altcha_response: "c29sdmVk" },
    });
  });

  it("stays as it was without one (no challenge, or no JavaScript)", () => {
    expect(withCaptcha(body, {})).toBe(body);
    expect(withCaptcha(body, { [CAPTCHA_RESPONSE_FIELD]: "" })).toBe(body);
  });
});

describe("solving", () => {
  it("finds the counter the server's check accepts", async () => {
    const hmacSignatureSecret = "server-secret";
    const challenge = await createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: 10,
      counter: 40,
      deriveKey: pbkdf2.deriveKey,
      hmacSignatureSecret,
    });
    const payload = await solveAltcha(JSON.stringify(challenge), new AbortController().signal);
    expect(payload).toBeDefined();
    const sent = JSON.parse(atob(payload!)) as {
      challenge: typeof challenge;
      solution: { counter: number; derivedKey: string };
    };
    expect(sent.solution.counter).toBe(40);
    const result = await verifySolution({
      challenge: sent.challenge,
      solution: sent.solution,
      deriveKey: pbkdf2.deriveKey,
      hmacSignatureSecret,
    });
    expect(result.verified).toBe(true);
  });

  it("gives up when the screen goes away", async () => {
    const challenge = await createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: 10,
      counter: 1_000_000,
      deriveKey: pbkdf2.deriveKey,
      hmacSignatureSecret: "server-secret",
    });
    const stop = new AbortController();
    const solving = solveAltcha(JSON.stringify(challenge), stop.signal);
    stop.abort();
    expect(await solving).toBeUndefined();
  });
});
