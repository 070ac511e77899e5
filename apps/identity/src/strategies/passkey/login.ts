import { MessageId } from "@moos/contract";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import { completeLogin } from "../../flows/login/complete-login.ts";
import type { LoginStrategy } from "../../flows/login/strategy.ts";
import { uiUrl } from "../../flows/new-flow.ts";
import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { errors } from "../../http/errors.ts";
import { redirect, respondWithFlow } from "../../http/respond.ts";
import type { Identity } from "../../identity/identity.ts";
import { createSession } from "../../session/session-manager.ts";
import { addFlowMessage, resetMessages } from "../../ui/nodes.ts";
import { type UiText, uiText } from "../../ui/text.ts";
import {
  finishAuthentication,
  parseResponse,
  takeChallenge,
  WebAuthnRefused,
} from "../webauthn/ceremony.ts";
import { webAuthnConfig, writeWebAuthnKeys } from "../webauthn/credentials.ts";
import { isWebAuthnEnabled } from "../webauthn/relying-party.ts";
import { offerPasskeyAutofill, passkeyLoginNodes } from "./nodes.ts";

// Signing in with a passkey as the first factor (Kratos's passkey_login.go): the browser's
// assertion names the account by its user handle; the session is aal1 with method passkey,
// as Kratos counts it. Browser flows only: apps use the platform's own passkey APIs.

export const passkeyLogin: LoginStrategy = {
  method: "passkey",
  isEnabled: isPasskeyEnabled,
  isSubmit: (body) => isPasskeyLoginSubmit(optionalString(body, "method"), body),
  populate: (ctx, flow) => addPasskeyLoginNodes(ctx.deps, flow),
  submit: submitPasskeyLogin,
};

export function isPasskeyEnabled(deps: Deps): boolean {
  return isWebAuthnEnabled(deps.config, "passkey");
}

/** Adds the passkey button and autofill to a new browser sign-in (aal1, not a refresh). */
async function addPasskeyLoginNodes(deps: Deps, flow: Flow): Promise<void> {
  if (!isPasskeyEnabled(deps) || flow.type !== "browser") return;
  if (flow.payload.refresh === true || flow.payload.requested_aal === "aal2") return;
  offerPasskeyAutofill(flow.payload.ui.nodes);
  flow.payload.ui.nodes.push(...(await passkeyLoginNodes(deps, flow)));
}

function isPasskeyLoginSubmit(method: string | undefined, body: Body): boolean {
  return (
    method === "passkey" || (method === undefined && Boolean(optionalString(body, "passkey_login")))
  );
}

async function submitPasskeyLogin(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  const { deps } = ctx;
  resetMessages(flow.payload.ui);
  flow.payload.active = "passkey";
  const offered = flow.payload.ui.nodes.some((n) => n.group === "passkey");
  if (!offered || flow.type !== "browser")
    return fail(ctx, flow, uiText(MessageId.loginMethodNotFound));
  const raw = optionalString(body, "passkey_login") ?? "";
  if (!raw) return restart(ctx, flow);

  const pending = await takeChallenge(deps, flow, "passkey");
  let response: AuthenticationResponseJSON;
  try {
    response = parseResponse<AuthenticationResponseJSON>(raw);
  } catch {
    return fail(ctx, flow, uiText(MessageId.invalidWebAuthnLogin));
  }
  if (!pending) return fail(ctx, flow, uiText(MessageId.invalidWebAuthnLogin));
  const handle = response.response.userHandle;
  const identity = handle
    ? await deps.persistence.identities.findIdentityByIdentifier("passkey", handle)
    : undefined;
  const config = identity ? webAuthnConfig(identity, "passkey") : undefined;
  const key = config?.credentials.find((k) => k.id === response.id);
  if (!identity || !config || !key)
    return fail(ctx, flow, uiText(MessageId.noSecurityKeyForAccount));
  let counter: number;
  try {
    counter = await finishAuthentication(deps, "passkey", pending, response, key);
  } catch (error) {
    if (!(error instanceof WebAuthnRefused)) throw error;
    ctx.request.log.info({ reason: error.message }, "passkey assertion refused");
    return fail(ctx, flow, uiText(MessageId.invalidWebAuthnLogin));
  }
  if (identity.state !== "active") return fail(ctx, flow, uiText(MessageId.accountDisabled));
  await storeCounter(deps, identity, key.id, counter);

  const issued = await createSession(deps, identity, { method: "passkey" }, ctx.request);
  await completeLogin(ctx, flow, { identity, issued });
}

async function storeCounter(
  deps: Deps,
  identity: Identity,
  keyId: string,
  counter: number,
): Promise<void> {
  const config = webAuthnConfig(identity, "passkey");
  if (!config) return;
  const credentials = config.credentials.map((k) =>
    k.id === keyId ? { ...k, sign_count: counter } : k,
  );
  writeWebAuthnKeys(identity, "passkey", { ...config, credentials }, deps.now());
  await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
}

/** Refused: the message, and fresh passkey nodes (the old challenge is used up). */
async function fail(ctx: Ctx, flow: Flow, message: UiText): Promise<void> {
  await renewPasskeyNodes(ctx.deps, flow);
  addFlowMessage(flow.payload.ui, message);
  await ctx.deps.persistence.flows.updateFlow(flow);
  await respondWithFlow(ctx, flow, 400);
}

/** `method=passkey` without an assertion: a fresh challenge, and back to the login UI (Kratos). */
async function restart(ctx: Ctx, flow: Flow): Promise<void> {
  await renewPasskeyNodes(ctx.deps, flow);
  await ctx.deps.persistence.flows.updateFlow(flow);
  const target = uiUrl(ctx.deps, "login", flow.id);
  if (!ctx.json) return redirect(ctx.reply, target);
  throw errors.browserLocationChange(target);
}

async function renewPasskeyNodes(deps: Deps, flow: Flow): Promise<void> {
  if (!flow.payload.ui.nodes.some((n) => n.group === "passkey")) return;
  flow.payload.ui.nodes = flow.payload.ui.nodes.filter(
    (n) => n.group !== "passkey" && n.attributes.node_type !== "script",
  );
  flow.payload.ui.nodes.push(...(await passkeyLoginNodes(deps, flow)));
}
