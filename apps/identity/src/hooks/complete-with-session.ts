import type { Flow } from "../flows/flow.ts";
import { type Answer, jsonAnswer, redirectAnswer } from "../http/answer.ts";
import type { Ctx } from "../http/context.ts";
import { errors } from "../http/errors.ts";
import { noteFlowSuccess, submittedMethod } from "../http/request-outcome.ts";
import type { Identity } from "../identity/identity.ts";
import { toIdentityJson } from "../identity/identity.ts";
import type { AcceptOAuth2Login } from "../oauth2/oauth2-provider.ts";
import { isAalSatisfied, secondFactorLoginUrl } from "../session/aal-required.ts";
import { toSessionJson } from "../session/session.ts";
import type { IssuedSession } from "../session/session-manager.ts";
import { sendSessionCookie } from "../session/session-manager.ts";
import { randomAlphanumeric } from "../session/tokens.ts";
import {
  acceptOAuth2Login,
  loginChallengeOf,
  oauth2LoginOf,
  oauth2WantsSecondFactor,
} from "./oauth2-login.ts";

export interface Completion {
  flow: Flow;
  identity: Identity;
  issued: IssuedSession | undefined;
  returnTo: string;
  /** Extra continue_with entries before the redirect (e.g. show_verification_ui). */
  continueWith?: Record<string, unknown>[];
  /** The HTML redirect target when it differs from returnTo (e.g. the verification UI). */
  browserTarget?: string;
  /**
   * The signed-in session itself got stronger (the aal2 step): no new principal, so the CSRF
   * secret stays and the browser's open flows (a settings flow after recovery) keep working.
   */
  sameSession?: boolean;
  /** Registration answers with the identity too. */
  includeIdentity?: boolean;
  /**
   * The request is a browser navigation (a social sign-in's callback), so an app flow cannot
   * answer with JSON: the browser goes back to the app instead (see handBackToApp).
   */
  inBrowser?: boolean;
}

/**
 * A native app's sign-in finished in the browser (social sign-in): the session token waits in
 * the exchange store for the app's init code, and the browser goes back to the app's return_to
 * with a one-time `code` the app must present too (Kratos's session token exchange).
 */
async function handBackToApp(
  ctx: Ctx,
  native: { flowId: string; returnTo: string },
  issued: IssuedSession,
): Promise<Answer> {
  const returnToCode = randomAlphanumeric(64);
  await storeExchangeToken(ctx, native.flowId, issued.token, returnToCode);
  const target = new URL(native.returnTo);
  target.searchParams.set("code", returnToCode);
  if (!ctx.json) return redirectAnswer(target.toString());
  throw errors.browserLocationChange(target.toString());
}

async function storeExchangeToken(
  ctx: Ctx,
  flowId: string,
  sessionToken: string,
  returnToCode?: string,
): Promise<void> {
  const { deps } = ctx;
  const kind = "session_token_exchange";
  const exchange = await deps.persistence.exchanges.getExchange(flowId, kind, deps.now());
  if (!exchange) return;
  const payload = { ...exchange, sessionToken, ...(returnToCode ? { returnToCode } : {}) };
  const expiresAt = new Date(deps.now().getTime() + 60 * 60 * 1000);
  await deps.persistence.exchanges.putExchange(flowId, kind, payload, expiresAt);
  await deps.persistence.exchanges.putExchange(
    `init:${String(exchange.initCode)}`,
    kind,
    payload,
    expiresAt,
  );
}

/** The last step of login and registration: cookie or token, then the answer per client. */
export async function completeWithSession(ctx: Ctx, completion: Completion): Promise<Answer> {
  const { deps } = ctx;
  const { flow, identity, issued } = completion;
  // The method that signed in (a social callback has no submitted `method`).
  const method =
    issued?.session.authentication_methods.at(-1)?.method ?? submittedMethod(ctx.request);
  noteFlowSuccess(ctx.request, flow.kind, method);
  const base = deps.config.serve.public.base_url;
  const session = issued ? toSessionJson(issued.session, identity, base) : undefined;
  const identityJson = completion.includeIdentity
    ? {
        identity: session?.identity ?? toIdentityJson(identity, base),
      }
    : {};
  const native =
    flow.internal.nativeApp ??
    (flow.type === "api" && completion.inBrowser
      ? { flowId: flow.id, returnTo: completion.returnTo }
      : undefined);
  if (native && issued) return handBackToApp(ctx, native, issued);
  if (flow.type === "api") {
    // Only a flow started with return_session_token_exchange_code has an exchange to fill.
    if (issued && flow.payload.session_token_exchange_code)
      await storeExchangeToken(ctx, flow.id, issued.token);
    const continueWith = [
      ...(completion.continueWith ?? []),
      ...(issued ? [{ action: "set_ory_session_token", ory_session_token: issued.token }] : []),
    ];
    return jsonAnswer(200, {
      ...(issued ? { session_token: issued.token, session } : {}),
      ...identityJson,
      continue_with: continueWith.length ? continueWith : null,
    });
  }
  if (issued)
    sendSessionCookie(deps, ctx.request, ctx.reply, issued, {
      rotateCsrf: !completion.sameSession,
    });
  const challenge = loginChallengeOf(flow);
  // A first factor signed in an identity that has a second one: whoami would refuse this
  // session, or the client the sign-in is for asked for a second factor (`acr_values=aal2`,
  // the customer-service console), so the browser goes on to the login flow's aal2 step
  // (Kratos's PostLoginHook).
  if (
    issued &&
    (!isAalSatisfied(deps, { ...issued, identity }, deps.config.session.whoami.required_aal) ||
      (challenge !== undefined &&
        (await oauth2WantsSecondFactor(deps, challenge, { session: issued.session, identity }))))
  ) {
    const target = secondFactorLoginUrl(deps, flow.payload.return_to, {
      loginChallenge: challenge,
    });
    if (!ctx.json) return redirectAnswer(target);
    throw errors.browserLocationChange(target);
  }
  const body = { ...(session ? { session } : {}), ...identityJson };
  if (challenge && issued) {
    const answered = await answerOAuth2Login(ctx, completion, challenge, issued, body);
    if (answered) return answered;
  }
  if (!ctx.json) return redirectAnswer(completion.browserTarget ?? completion.returnTo);
  return jsonAnswer(200, {
    ...body,
    continue_with: [
      ...(completion.continueWith ?? []),
      { action: "redirect_browser_to", redirect_browser_to: completion.returnTo },
    ],
  });
}

/**
 * The OAuth2 provider asked for this sign-in (`oauth2_login_challenge`): it learns who signed
 * in, and the browser goes back to it instead of return_to. A sign-up whose address is verified
 * next hands the challenge to that verification flow, which answers the provider once the code
 * is in (Kratos's verification hook); until then the usual answer goes out (undefined).
 * Login answers JSON clients with 422 browser_location_change_required, registration with
 * continue_with redirect_browser_to, as Kratos does.
 */
async function answerOAuth2Login(
  ctx: Ctx,
  completion: Completion,
  challenge: string,
  issued: IssuedSession,
  body: Record<string, unknown>,
): Promise<Answer | undefined> {
  const { deps } = ctx;
  const { flow } = completion;
  const login = oauth2LoginOf(challenge, issued.session);
  const continueWith = completion.continueWith ?? [];
  const verification = continueWith.find((item) => item.action === "show_verification_ui");
  if (verification) {
    await handChallengeToVerification(ctx, verification, login);
    return undefined;
  }
  const target = await acceptOAuth2Login(deps, login);
  if (!ctx.json) return redirectAnswer(target);
  if (flow.kind === "login") throw errors.browserLocationChange(target);
  return jsonAnswer(200, {
    ...body,
    continue_with: [
      ...continueWith.filter((item) => item.action !== "redirect_browser_to"),
      { action: "redirect_browser_to", redirect_browser_to: target },
    ],
  });
}

async function handChallengeToVerification(
  ctx: Ctx,
  item: Record<string, unknown>,
  login: AcceptOAuth2Login,
): Promise<void> {
  const id = (item.flow as { id?: unknown } | undefined)?.id;
  if (typeof id !== "string") return;
  const flows = ctx.deps.persistence.flows;
  const verification = await flows.getFlow(id, "verification");
  if (!verification) return;
  verification.internal.oauth2Login = login;
  await flows.updateFlow(verification);
}
