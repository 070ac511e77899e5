import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import * as client from "openid-client";
import type { Flow } from "../../flows/flow.ts";
import type { Redirect } from "../../flows/verdict.ts";
import type { RequestCtx } from "../../http/context.ts";
import { continuityCookie } from "../../http/cookies.ts";

// What a social sign-in remembers between sending the browser to the provider and its return:
// kept in the database (any instance may receive the callback), keyed by a hash of `state`,
// taken (deleted) on first use so a replayed callback finds nothing, and bound to
//  - the flow it continues (flow id and kind),
//  - the browser that started it (a hash of the `ory_kratos_continuity` cookie; app flows
//    have no browser yet and are bound to the app's exchange code instead),
//  - the provider it was sent to.
// The PKCE verifier and the nonce never leave the server.

export type OidcFlowKind = "login" | "registration" | "settings";

export interface OidcState {
  flowId: string;
  flowKind: OidcFlowKind;
  provider: string;
  codeVerifier: string;
  nonce: string;
  /** sha256 (hex) of the continuity cookie; absent for app flows. */
  browser?: string;
  /** Traits typed on the registration form before the provider was chosen. */
  traits?: Record<string, unknown>;
}

const kind = "oidc_state";
const maxLifetimeMs = 30 * 60 * 1000;

const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");
const stateKey = (state: string): string => `oidc:${sha256(state)}`;

export interface StartedState {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newStateValues(): StartedState {
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
}

/**
 * Stores the state for the flow; for browser flows, the continuity cookie the browser must
 * carry back (the flow sets it with the redirect).
 */
export async function saveOidcState(
  ctx: RequestCtx,
  flow: Flow,
  values: StartedState,
  extra: { provider: string; traits?: Record<string, unknown> | undefined },
): Promise<Redirect["continuity"]> {
  const { deps } = ctx;
  const now = deps.now().getTime();
  const expiresAt = new Date(Math.min(flow.expires_at.getTime(), now + maxLifetimeMs));
  let continuity: Redirect["continuity"];
  if (flow.type === "browser") {
    // One value per browser, reused while it lives, so two tabs can sign in at once.
    const existing = ctx.request.cookies[continuityCookie(ctx.deps.config)];
    const value = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : newContinuity();
    continuity = { value, maxAgeSeconds: maxLifetimeMs / 1000 };
  }
  const browser = continuity ? sha256(continuity.value) : undefined;
  const state: OidcState = {
    flowId: flow.id,
    flowKind: flow.kind as OidcFlowKind,
    provider: extra.provider,
    codeVerifier: values.codeVerifier,
    nonce: values.nonce,
    ...(browser ? { browser } : {}),
    ...(extra.traits ? { traits: extra.traits } : {}),
  };
  await deps.persistence.exchanges.putExchange(
    stateKey(values.state),
    kind,
    state as unknown as Record<string, unknown>,
    expiresAt,
  );
  return continuity;
}

/** The stored state for the callback's `state`, removed so it works once; undefined if none. */
export async function takeOidcState(
  ctx: RequestCtx,
  state: string,
): Promise<OidcState | undefined> {
  if (state.length > 512) return undefined;
  const stored = await ctx.deps.persistence.exchanges.takeExchange(
    stateKey(state),
    kind,
    ctx.deps.now(),
  );
  return stored as OidcState | undefined;
}

/** True when the request comes from the browser that started the sign-in. */
export function isSameBrowser(ctx: RequestCtx, state: OidcState): boolean {
  if (state.browser === undefined) return true;
  const cookie = ctx.request.cookies[continuityCookie(ctx.deps.config)];
  if (!cookie) return false;
  const expected = Buffer.from(state.browser, "hex");
  const actual = createHash("sha256").update(cookie).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function newContinuity(): string {
  return randomBytes(32).toString("base64url");
}
