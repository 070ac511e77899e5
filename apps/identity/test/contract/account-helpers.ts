import { type ApiResponse, ResponseError } from "@ory/client-fetch";
import type { Browser, Harness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";

// Helpers shared by the contract tests: accounts made through the admin API (verified, so the
// require_verified_address hook lets them in), sign-in through the real login flows, submits a
// cross-site form could send, and raw bodies checked against Kratos's OpenAPI schemas (the SDK's
// typed values turn times into Date objects, which the schemas do not describe).

export const password = "Moos-Farn-2026!";
/** A response body, read loosely once expectSchema has checked its shape. */
// biome-ignore lint/suspicious/noExplicitAny: bodies are validated against the OpenAPI schema first
export type Json = Record<string, any>;

export const traitsOf = (email: string, first = "Mia", last = "Moos"): Json => ({
  email,
  name: { first, last },
});

let counter = 0;
/** A fresh address per call, so tests in one file never collide. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Calls an SDK `...Raw` method, validates the JSON body against the schema and returns it. */
export async function body<T>(
  call: Promise<ApiResponse<T>>,
  schema: string,
): Promise<{ json: Json; response: Response }> {
  const response = (await call).raw;
  const json = (await response.json()) as Json;
  expectSchema(schema, json);
  return { json, response };
}

/** The status and JSON body of a call that must fail. */
export async function failure(
  call: Promise<unknown>,
): Promise<{ status: number; json: Json; response: Response }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ResponseError) {
      const text = await error.response.text();
      return {
        status: error.response.status,
        json: text ? (JSON.parse(text) as Json) : {},
        response: error.response,
      };
    }
    throw error;
  }
  throw new Error("expected the call to fail");
}

export function csrfOf(flow: { ui: { nodes: Array<{ attributes: unknown }> } } | Json): string {
  const nodes = flow.ui.nodes as Array<{ attributes: unknown }>;
  const node = nodes.find((n) => (n.attributes as { name?: string }).name === "csrf_token");
  if (!node) throw new Error("the flow has no csrf_token node");
  return (node.attributes as { value: string }).value;
}

export async function createAccount(
  h: Harness,
  email: string,
  options: { verified?: boolean } = {},
): Promise<Json> {
  const verified = options.verified ?? true;
  const { json } = await body(
    h.identityApi().createIdentityRaw({
      createIdentityBody: {
        schema_id: "default",
        traits: traitsOf(email),
        credentials: { password: { config: { password } } },
        verifiable_addresses: [
          { value: email, verified, via: "email", status: verified ? "completed" : "pending" },
        ],
      },
    }),
    "identity",
  );
  return json;
}

export async function signInBrowser(
  h: Harness,
  email: string,
  secret = password,
): Promise<Browser> {
  const browser = h.browser();
  const flow = await browser.api.createBrowserLoginFlow();
  await browser.api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: {
      method: "password",
      identifier: email,
      password: secret,
      csrf_token: csrfOf(flow),
    },
  });
  return browser;
}

export async function signInNative(h: Harness, email: string, secret = password): Promise<string> {
  const api = h.native();
  const flow = await api.createNativeLoginFlow();
  const result = await api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: "password", identifier: email, password: secret },
  });
  if (!result.session_token) throw new Error("no session token");
  return result.session_token;
}

/**
 * A new browser's recovery or verification flow, submitted with `fields` over a forged CSRF token
 * and an emailed link's token that no email carried (both replaced or, as `undefined`, left out
 * by `fields`): what a cross-site form can send.
 */
export async function submitWithoutCsrf(
  h: Harness,
  kind: "recovery" | "verification",
  fields: Json,
): Promise<{ response: Response; flowId: string; before: Json; browser: Browser }> {
  const browser = h.browser();
  const created = await request(browser, `${h.publicUrl}/self-service/${kind}/browser`);
  const before = (await created.json()) as Json;
  const response = await request(browser, `${h.publicUrl}/self-service/${kind}?flow=${before.id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: "not-from-any-email", csrf_token: "forged", ...fields }),
    redirect: "manual",
  });
  return { response, flowId: String(before.id), before, browser };
}

/** A plain request with the browser's cookies, for what the SDK cannot express (HTML, forms). */
export async function request(
  browser: Pick<Browser, "fetch">,
  url: string,
  init: RequestInit & { accept?: string } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("accept", init.accept ?? "application/json");
  return browser.fetch(url, { ...init, headers });
}
