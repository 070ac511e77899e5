import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps/deps.ts";
import { showAccountLocked } from "../../flows/account-locked.ts";
import { isExpired } from "../../flows/flow.ts";
import type { FlowKindModule } from "../../flows/flow-kind.ts";
import { recreateExpired } from "../../flows/flow-routes.ts";
import { createLoginFlow, loginFlow } from "../../flows/login/login-flow.ts";
import { uiUrl } from "../../flows/new-flow.ts";
import { registrationFlow } from "../../flows/registration/registration-flow.ts";
import { settingsFlow } from "../../flows/settings/settings-flow.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { redirect, sendError } from "../../http/respond.ts";
import { AccountLocked } from "../../session/account-lock.ts";
import { resetMessages } from "../../ui/nodes.ts";
import { failOnFlow } from "./answer.ts";
import { callbackUrl } from "./authorize.ts";
import { OidcError } from "./errors.ts";
import { finishWithProfile } from "./finish.ts";
import { isSameBrowser, type OidcFlowKind, takeOidcState } from "./state.ts";

// GET /self-service/methods/oidc/callback/<provider>: where the provider sends the browser
// back. Checked in this order, each failure shown on the login screen without a session:
// state present, known and unused (taken on first use), same browser (continuity cookie),
// flow alive, same provider, no provider error, a code; then openid-client checks PKCE, `iss`
// and the ID token (signature, issuer, audience, expiry, nonce) while redeeming the code.

const callbackPath = "/self-service/methods/oidc/callback/:provider";
const modules: Record<OidcFlowKind, FlowKindModule> = {
  login: loginFlow,
  registration: registrationFlow,
  settings: settingsFlow,
};

export function registerOidcCallbackRoutes(app: FastifyInstance, deps: Deps): void {
  // Apple answers with a cross-site form POST (response_mode=form_post), which carries no
  // SameSite=Lax cookies. As Kratos does, it becomes a GET to the same URL with the fields in
  // the query; state is checked there, where the browser's cookies arrive.
  app.post(callbackPath, async (request, reply) => {
    const { provider } = request.params as { provider: string };
    const target = new URL(callbackUrl(deps, provider));
    const fields = { ...asStrings(request.query), ...asStrings(request.body) };
    for (const [key, value] of Object.entries(fields)) target.searchParams.set(key, value);
    redirect(reply, target.toString());
  });
  app.get(callbackPath, async (request, reply) => {
    const ctx: Ctx = { deps, request, reply, json: false };
    try {
      await handleCallback(ctx);
    } catch (error) {
      await sendError(deps, request, reply, error, false);
    }
  });
}

async function handleCallback(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const { provider: providerId } = ctx.request.params as { provider: string };
  const params = query(ctx);
  if (!params.state) return failFresh(ctx, new OidcError("state_missing"));
  const state = await takeOidcState(ctx, params.state);
  if (!state) return failFresh(ctx, new OidcError("state_invalid"));
  if (!isSameBrowser(ctx, state)) return failFresh(ctx, new OidcError("state_other_browser"));
  const flow = await deps.persistence.flows.getFlow(state.flowId, state.flowKind);
  if (!flow || flow.internal.completed) return failFresh(ctx, new OidcError("state_invalid"));
  if (isExpired(flow, deps.now())) {
    const fresh = await recreateExpired(ctx, modules[state.flowKind], flow);
    return redirect(ctx.reply, uiUrl(deps, fresh.kind, fresh.id));
  }

  resetMessages(flow.payload.ui);
  const client = deps.oidc.get(providerId);
  const label = client?.config.label;
  const fail = (error: OidcError): Promise<void> => failOnFlow(ctx, flow, error, "browser", label);
  if (state.provider !== providerId) return fail(new OidcError("provider_mismatch"));
  if (!client) return fail(new OidcError("provider_unknown"));
  if (params.error)
    return fail(new OidcError("provider_error", { detail: params.error.slice(0, 64) }));
  if (!params.code) return fail(new OidcError("code_missing"));

  const received = new URL(callbackUrl(deps, providerId));
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) received.searchParams.set(key, value);
  }
  let profile: Awaited<ReturnType<typeof client.exchangeCode>>;
  try {
    profile = await client.exchangeCode({
      callbackUrl: received,
      state: params.state,
      nonce: state.nonce,
      codeVerifier: state.codeVerifier,
      appleUser: params.user,
    });
  } catch (error) {
    if (error instanceof OidcError) return fail(error);
    throw error;
  }
  try {
    await finishWithProfile(ctx, flow, profile, { via: "browser", traits: state.traits });
  } catch (error) {
    // The provider vouched for the customer, but the account is locked.
    if (error instanceof AccountLocked) return showAccountLocked(ctx, flow, { navigation: true });
    throw error;
  }
}

/**
 * A callback that belongs to no flow this browser may continue (forged, replayed, expired or
 * from another browser): a new login flow says so. The original flow is left untouched.
 */
async function failFresh(ctx: Ctx, error: OidcError): Promise<void> {
  const flow = await createLoginFlow(ctx, {
    type: "browser",
    refresh: false,
    requestedAal: "aal1",
    exchange: false,
  });
  await failOnFlow(ctx, flow, error, "browser");
}

function asStrings(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object") return {};
  return Object.fromEntries(
    Object.entries(value)
      .filter((entry): entry is [string, string] => typeof entry[1] === "string")
      .slice(0, 20)
      .map(([key, text]) => [key, text.slice(0, 8192)]),
  );
}
