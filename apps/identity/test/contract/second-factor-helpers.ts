import { TOTP, URI } from "otpauth";
import type { Browser, Harness } from "../support/harness.ts";
import { body, csrfOf, type Json, request } from "./account-helpers.ts";

// Helpers of the second-factor contract tests (totp, lookup_secret, aal): codes are computed
// here with otpauth from the secret the settings flow shows, as an authenticator app would.

/** Harness overrides turning both second factors on (a fresh object: configs get frozen). */
export function with2fa(
  extra: { settings?: Record<string, unknown> } = {},
): Record<string, unknown> {
  return {
    selfservice: {
      methods: { totp: { enabled: true }, lookup_secret: { enabled: true } },
      ...(extra.settings ? { flows: { settings: extra.settings } } : {}),
    },
  };
}

export const nodeOf = (flow: Json, name: string): Json | undefined =>
  flow.ui.nodes.find((n: Json) => (n.attributes.name ?? n.attributes.id) === name);

export const nodeKeys = (flow: Json): string[] =>
  flow.ui.nodes.map((n: Json) => `${n.group}:${n.attributes.name ?? n.attributes.id}`);

/** The TOTP a phone would show for the setup flow's secret, `stepsAhead` periods from now. */
export function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

export function secretOf(flow: Json): string {
  const node = nodeOf(flow, "totp_secret_key");
  if (!node) throw new Error("no totp_secret_key node");
  return node.attributes.text.context.secret as string;
}

export function keyUrlSecret(url: string): string {
  return (URI.parse(url) as TOTP).secret.base32;
}

export async function settingsFlow(browser: Browser): Promise<Json> {
  return (await body(browser.api.createBrowserSettingsFlowRaw({}), "settingsFlow")).json;
}

/** Posts a settings submit as JSON; returns status and body. */
export async function submitSettings(
  h: Harness,
  browser: Browser,
  flow: Json,
  fields: Record<string, unknown>,
): Promise<{ status: number; json: Json }> {
  const res = await request(browser, `${h.publicUrl}/self-service/settings?flow=${flow.id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ csrf_token: csrfOf(flow), ...fields }),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** Sets TOTP up for the signed-in browser; returns the secret and the code that confirmed it. */
export async function setUpTotp(
  h: Harness,
  browser: Browser,
): Promise<{ secret: string; code: string }> {
  const flow = await settingsFlow(browser);
  const secret = secretOf(flow);
  const code = totpCode(secret);
  const { status } = await submitSettings(h, browser, flow, { method: "totp", totp_code: code });
  if (status !== 200) throw new Error(`TOTP setup answered ${status}`);
  return { secret, code };
}

export async function whoami(
  h: Harness,
  browser: Browser,
  query = "",
): Promise<{ status: number; json: Json }> {
  const res = await request(browser, `${h.publicUrl}/sessions/whoami${query}`);
  return { status: res.status, json: (await res.json()) as Json };
}

/** A login flow submit as JSON on an existing flow. */
export async function submitLogin(
  h: Harness,
  browser: Browser,
  flow: Json,
  fields: Record<string, unknown>,
): Promise<{ status: number; json: Json }> {
  const res = await request(browser, `${h.publicUrl}/self-service/login?flow=${flow.id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ csrf_token: csrfOf(flow), ...fields }),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

export async function aal2LoginFlow(h: Harness, browser: Browser): Promise<Json> {
  const res = await request(browser, `${h.publicUrl}/self-service/login/browser?aal=aal2`);
  if (res.status !== 200) throw new Error(`aal2 login flow answered ${res.status}`);
  return (await res.json()) as Json;
}

/** A password sign-in that may stop at the second factor (422); keeps the cookie either way. */
export async function signInFirstFactor(
  h: Harness,
  email: string,
  secret: string,
): Promise<{ browser: Browser; status: number; json: Json }> {
  const browser = h.browser();
  const flow = (await body(browser.api.createBrowserLoginFlowRaw({}), "loginFlow")).json;
  const { status, json } = await submitLogin(h, browser, flow, {
    method: "password",
    identifier: email,
    password: secret,
  });
  return { browser, status, json };
}
