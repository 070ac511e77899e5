import type { Flow } from "../../flows/flow.ts";
import { afterLoginUrl } from "../../flows/login/after-login.ts";
import { uiUrl } from "../../flows/new-flow.ts";
import type { Ctx } from "../../http/context.ts";
import { errors } from "../../http/errors.ts";
import { flowJson, redirect, respondWithFlow, sendJson } from "../../http/respond.ts";
import { addFlowMessage } from "../../ui/nodes.ts";
import type { UiText } from "../../ui/text.ts";
import { OidcError, oidcFailureText } from "./errors.ts";

// How a social sign-in answers. `browser`: the request is the provider's callback, a top-level
// navigation, so every answer is a redirect (to the flow's screen, the return URL or the app).
// `request`: a form submit, FedCM or an app's id_token, answered as any flow submit is.

export type Via = "browser" | "request";

export interface FinishOptions {
  via: Via;
  /** Traits the customer typed (registration form, social register screen). */
  traits?: Record<string, unknown> | undefined;
}

/** The flow again, with its messages: its screen in the browser, else 400 and the flow. */
export async function showFlow(ctx: Ctx, flow: Flow, via: Via, status = 400): Promise<void> {
  if (via === "browser") return redirect(ctx.reply, uiUrl(ctx.deps, flow.kind, flow.id));
  return respondWithFlow(ctx, flow, status);
}

/**
 * The sign-in continues in another flow (a registration asking for what is missing, or the
 * login that links the social profile): browsers go to its screen, JSON clients are told to
 * go there (422 browser_location_change_required), apps get the flow to render.
 */
export async function continueInFlow(ctx: Ctx, flow: Flow, via: Via): Promise<void> {
  const target = uiUrl(ctx.deps, flow.kind, flow.id);
  if (via === "browser" || (!ctx.json && flow.type === "browser"))
    return redirect(ctx.reply, target);
  if (flow.type === "api") return sendJson(ctx.reply, 400, await flowJson(ctx, flow));
  throw errors.browserLocationChange(target);
}

/** Puts the failure on the flow and shows it; nothing else was written. */
export async function failOnFlow(
  ctx: Ctx,
  flow: Flow,
  failure: OidcError | UiText,
  via: Via,
  provider?: string,
): Promise<void> {
  if (failure instanceof OidcError) {
    ctx.request.log.warn(
      { err: failure.cause ?? failure, code: failure.code },
      "social sign-in failed",
    );
  }
  addFlowMessage(
    flow.payload.ui,
    failure instanceof OidcError ? oidcFailureText(failure, provider) : failure,
  );
  if (flow.kind === "settings") flow.state = "show_form";
  await ctx.deps.persistence.flows.updateFlow(flow);
  await showFlow(ctx, flow, via);
}

/** An app flow continued in the browser hands the session back to the app at the end. */
export function nativeAppOf(
  ctx: Ctx,
  from: Flow,
  via: Via,
): { flowId: string; returnTo: string } | undefined {
  if (from.internal.nativeApp) return from.internal.nativeApp;
  if (from.type !== "api" || via !== "browser") return undefined;
  return { flowId: from.id, returnTo: afterLoginUrl(ctx.deps, from.payload.return_to) };
}
