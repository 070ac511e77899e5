import { MessageId } from "@moos/contract";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import type { LoginStrategy, LoginVerdict } from "../../flows/login/strategy.ts";
import { uiUrl } from "../../flows/new-flow.ts";
import { formMessage } from "../../flows/verdict.ts";
import { type Body, hasText, isAbsent } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
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

const fields = { method: "string", passkey_login: "string" } as const;
type PasskeyLoginBody = BodyOf<typeof fields>;

export const passkeyLogin: LoginStrategy<PasskeyLoginBody> = {
  method: "passkey",
  isEnabled: isPasskeyEnabled,
  isSubmit: isPasskeyLoginSubmit,
  body: bodySchema(fields, { kratos: "updateLoginFlowWithPasskeyMethod" }),
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

/** `method=passkey`, or the assertion alone, which the passkey script posts without a method. */
function isPasskeyLoginSubmit(body: Body): boolean {
  if (body.method === "passkey") return true;
  return isAbsent(body.method) && hasText(body, "passkey_login");
}

async function submitPasskeyLogin(
  ctx: RequestCtx,
  flow: Flow,
  body: PasskeyLoginBody,
): Promise<LoginVerdict> {
  const { deps } = ctx;
  const offered = flow.payload.ui.nodes.some((n) => n.group === "passkey");
  if (!offered || flow.type !== "browser")
    return fail(ctx, flow, uiText(MessageId.loginMethodNotFound));
  const raw = body.passkey_login ?? "";
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
  // Never a refresh: passkeys are offered only to a new sign-in.
  return { result: "signed_in", identity, factor: { method: "passkey" } };
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
async function fail(ctx: RequestCtx, flow: Flow, message: UiText): Promise<LoginVerdict> {
  await renewPasskeyNodes(ctx.deps, flow);
  return { result: "refused", messages: [formMessage(message)] };
}

/** `method=passkey` without an assertion: a fresh challenge, and back to the login UI (Kratos). */
async function restart(ctx: RequestCtx, flow: Flow): Promise<LoginVerdict> {
  await renewPasskeyNodes(ctx.deps, flow);
  return { result: "redirect", to: uiUrl(ctx.deps, "login", flow.id) };
}

async function renewPasskeyNodes(deps: Deps, flow: Flow): Promise<void> {
  if (!flow.payload.ui.nodes.some((n) => n.group === "passkey")) return;
  flow.payload.ui.nodes = flow.payload.ui.nodes.filter(
    (n) => n.group !== "passkey" && n.attributes.node_type !== "script",
  );
  flow.payload.ui.nodes.push(...(await passkeyLoginNodes(deps, flow)));
}
