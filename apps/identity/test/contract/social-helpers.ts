import { expect } from "vitest";
import type { Browser } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { atProvider, backToIdentity, type Choice } from "../support/social.ts";
import { csrfOf, failure, type Json } from "./account-helpers.ts";

// Social sign-in journeys shared by the oidc*.test.ts files: submit method=oidc on a browser
// flow (422 browser_location_change_required), choose at the local provider, come back.

export type Kind = "login" | "registration";

/** Submits the provider's button on a new flow; returns the flow and the provider URL. */
export async function startAt(
  b: Browser,
  kind: Kind,
  provider: string,
): Promise<{ flowId: string; url: string }> {
  const flow =
    kind === "login"
      ? await b.api.createBrowserLoginFlow()
      : await b.api.createBrowserRegistrationFlow();
  const body = { method: "oidc", provider, csrf_token: csrfOf(flow) } as const;
  const res = await failure(
    kind === "login"
      ? b.api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: body })
      : b.api.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: body }),
  );
  expect(res.status).toBe(422);
  expectSchema("errorBrowserLocationChangeRequired", res.json);
  expect(res.json.error.id).toBe("browser_location_change_required");
  return { flowId: flow.id, url: String(res.json.redirect_browser_to) };
}

/** The whole round trip; returns the identity service's answer to the callback. */
export async function viaProvider(
  b: Browser,
  provider: string,
  choice: Choice,
  kind: Kind = "login",
): Promise<Response> {
  const { url } = await startAt(b, kind, provider);
  return backToIdentity(b, await atProvider(b, url, choice));
}

/** The flow id a redirect to a UI URL carries. */
export function flowIdOf(response: Response): string {
  expect(response.status).toBe(303);
  const id = new URL(response.headers.get("location")!).searchParams.get("flow");
  if (!id) throw new Error(`no flow in ${response.headers.get("location")}`);
  return id;
}

export function messageIds(flow: Json): number[] {
  return ((flow.ui?.messages ?? []) as { id: number }[]).map((m) => m.id);
}

export function nodeNamed(flow: Json, name: string, value?: string): Json | undefined {
  return (flow.ui.nodes as Json[]).find(
    (n) => n.attributes.name === name && (value === undefined || n.attributes.value === value),
  );
}
