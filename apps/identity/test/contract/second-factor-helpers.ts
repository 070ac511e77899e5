import { TOTP, URI } from "otpauth";
import { expect } from "vitest";
import type { Browser, Harness } from "../support/harness.ts";
import { type CeremonyOptions, SoftwareAuthenticator } from "../support/software-authenticator.ts";
import { webauthnOrigin, webauthnRpId } from "../support/webauthn-config.ts";
import {
  body,
  createAccount,
  csrfOf,
  type Json,
  request,
  signInBrowser,
  uniqueEmail,
} from "./account-helpers.ts";

// Helpers of the second-factor and passkey contract tests (totp, lookup_secret, aal, webauthn,
// passkey): codes are computed here with otpauth from the secret the settings flow shows, as an
// authenticator app would; keys come from a software authenticator.

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

/** The WebAuthn options a node carries as JSON (a trigger's or a hidden field's value). */
export const ceremonyOptionsOf = (flow: Json, name: string): CeremonyOptions =>
  JSON.parse(nodeOf(flow, name)?.attributes.value);

/**
 * A new account, signed in in a browser, that registers a software authenticator in settings
 * with the submit `fields` build from the settings flow; returns the settings answer too.
 */
export async function accountWithAuthenticator(
  h: Harness,
  prefix: string,
  fields: (flow: Json, key: SoftwareAuthenticator) => Record<string, unknown>,
): Promise<{ email: string; key: SoftwareAuthenticator; browser: Browser; json: Json }> {
  const email = uniqueEmail(prefix);
  await createAccount(h, email);
  const browser = await signInBrowser(h, email);
  const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
  const flow = await settingsFlow(browser);
  const { status, json } = await submitSettings(h, browser, flow, fields(flow, key));
  expect(status).toBe(200);
  return { email, key, browser, json };
}
