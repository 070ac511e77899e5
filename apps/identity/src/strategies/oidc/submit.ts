import { createHash } from "node:crypto";
import type { Flow } from "../../flows/flow.ts";
import { answerRedirect } from "../../flows/flow-answer.ts";
import { answeringCtx, rawBody } from "../../flows/legacy-method.ts";
import type { LoginStrategy } from "../../flows/login/strategy.ts";
import type { RegistrationStrategy } from "../../flows/registration/strategy.ts";
import { writeAnswer } from "../../http/answer.ts";
import type { Body } from "../../http/body.ts";
import { isPlainObject, optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { resetMessages } from "../../ui/nodes.ts";
import { failOnFlow } from "./answer.ts";
import { isOidcEnabled, sendToProvider } from "./authorize.ts";
import { OidcError } from "./errors.ts";
import { finishWithProfile } from "./finish.ts";
import { pendingOf } from "./registration.ts";

// `method=oidc` on a login or registration flow (docs/protocol.md#submit-outcomes): with `provider` alone the
// browser is sent to the provider (JSON 422 browser_location_change_required, HTML 303); with
// `id_token` (an app that signed in with the provider's own SDK) the token is verified here;
// on a registration flow waiting for missing traits, the submitted traits finish it.

/** Social sign-in on the login flow. */
export const oidcLogin: LoginStrategy<Body> = {
  method: "oidc",
  isEnabled: isOidcEnabled,
  isSubmit: (body) => isOidcSubmit(optionalString(body, "method"), body),
  body: rawBody,
  async submit(ctx, flow, body) {
    await submitOidc(answeringCtx(ctx), flow, body);
    return { result: "answered" };
  },
};

/** Social sign-up on the registration flow: the same submit, which signs in known profiles. */
export const oidcRegistration: RegistrationStrategy<Body> = {
  method: "oidc",
  isEnabled: isOidcEnabled,
  isSubmit: (body) => isOidcSubmit(optionalString(body, "method"), body),
  body: rawBody,
  async submit(ctx, flow, body) {
    await submitOidc(answeringCtx(ctx), flow, body);
    return { result: "answered" };
  },
};

/**
 * A plain HTML form posts only the clicked button: `provider=google` without a method field.
 * That is a social sign-in as much as `method=oidc` is.
 */
function isOidcSubmit(method: string | undefined, body: Body): boolean {
  return method === "oidc" || (method === undefined && typeof body.provider === "string");
}

async function submitOidc(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  resetMessages(flow.payload.ui);
  flow.payload.active = "oidc";
  const providerId = optionalString(body, "provider");
  const traits = isPlainObject(body.traits) ? body.traits : undefined;
  const pending = pendingOf(flow);
  if (pending && traits && (providerId ?? pending.provider) === pending.provider) {
    return finishWithProfile(ctx, flow, pending.profile, { via: "request", traits });
  }
  const client = providerId ? ctx.deps.oidc.get(providerId) : undefined;
  if (!client) return failOnFlow(ctx, flow, new OidcError("provider_unknown"), "request");
  const label = client.config.label;
  const idToken = optionalString(body, "id_token");
  try {
    if (idToken) {
      const profile = await client.verifyIdToken(idToken);
      checkIdTokenNonce(profile.claims.nonce, optionalString(body, "id_token_nonce"));
      return await finishWithProfile(ctx, flow, profile, { via: "request", traits });
    }
    if (flow.type === "api" && !flow.payload.session_token_exchange_code)
      throw new OidcError("api_flow_unsupported");
    const redirect = await sendToProvider(ctx, flow, client, {
      traits: flow.kind === "registration" ? traits : undefined,
      upstream: stringRecord(body.upstream_parameters),
    });
    writeAnswer(ctx.reply, await answerRedirect(ctx, flow, redirect));
  } catch (error) {
    if (error instanceof OidcError) return failOnFlow(ctx, flow, error, "request", label);
    throw error;
  }
}

/**
 * An ID token from a native SDK carries the nonce the app chose (Google) or its SHA-256 (Apple):
 * the app sends the raw value as id_token_nonce, so a token made for another sign-in fails.
 */
function checkIdTokenNonce(claim: unknown, nonce: string | undefined): void {
  if (claim === undefined) return;
  const matches =
    nonce !== undefined &&
    (claim === nonce || claim === createHash("sha256").update(nonce).digest("hex"));
  if (!matches) throw new OidcError("id_token_invalid", { detail: "nonce" });
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isPlainObject(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}
