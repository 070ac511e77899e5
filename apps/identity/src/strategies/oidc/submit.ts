import { createHash } from "node:crypto";
import type { Flow } from "../../flows/flow.ts";
import type { LoginStrategy } from "../../flows/login/strategy.ts";
import type { RegistrationStrategy } from "../../flows/registration/strategy.ts";
import type { SocialOutcome } from "../../flows/social/strategy.ts";
import { type Body, isAbsent, isPlainObject } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import { isOidcEnabled, sendToProvider } from "./authorize.ts";
import { OidcError } from "./errors.ts";
import { refusal } from "./refusal.ts";
import { pendingOf } from "./registration.ts";
import { signInWithProfile } from "./sign-in.ts";

// `method=oidc` on a login or registration flow (docs/protocol.md#submit-outcomes): with `provider` alone the
// browser is sent to the provider (JSON 422 browser_location_change_required, HTML 303); with
// `id_token` (an app that signed in with the provider's own SDK) the token is verified here;
// on a registration flow waiting for missing traits, the submitted traits finish it.

const fields = {
  method: "string",
  provider: "string",
  traits: "value",
  id_token: "string",
  id_token_nonce: "string",
  upstream_parameters: "value",
} as const;
type OidcSubmitBody = BodyOf<typeof fields>;

/**
 * A plain HTML form posts only the clicked button: `provider=google` without a method field.
 * That is a social sign-in as much as `method=oidc` is.
 */
function isOidcSubmit(body: Body): boolean {
  return body.method === "oidc" || (isAbsent(body.method) && typeof body.provider === "string");
}

/** Social sign-in on the login flow. */
export const oidcLogin: LoginStrategy<OidcSubmitBody> = {
  method: "oidc",
  isEnabled: isOidcEnabled,
  isSubmit: isOidcSubmit,
  body: bodySchema(fields, { kratos: "updateLoginFlowWithOidcMethod" }),
  submit: async (ctx, flow, body) => ({
    result: "social",
    outcome: await submitOidc(ctx, flow, body),
    via: "request",
  }),
};

/** Social sign-up on the registration flow: the same submit, which signs in known profiles. */
export const oidcRegistration: RegistrationStrategy<OidcSubmitBody> = {
  method: "oidc",
  isEnabled: isOidcEnabled,
  isSubmit: isOidcSubmit,
  body: bodySchema(fields, { kratos: "updateRegistrationFlowWithOidcMethod" }),
  submit: async (ctx, flow, body) => ({
    result: "social",
    outcome: await submitOidc(ctx, flow, body),
    via: "request",
  }),
};

async function submitOidc(
  ctx: RequestCtx,
  flow: Flow,
  body: OidcSubmitBody,
): Promise<SocialOutcome> {
  flow.payload.active = "oidc";
  const providerId = body.provider;
  const traits = isPlainObject(body.traits) ? body.traits : undefined;
  const pending = pendingOf(flow);
  if (pending && traits && (providerId ?? pending.provider) === pending.provider) {
    return signInWithProfile(ctx, flow, pending.profile, { via: "request", traits });
  }
  const client = providerId ? ctx.deps.oidc.get(providerId) : undefined;
  if (!client) return refusal(ctx, new OidcError("provider_unknown"));
  const label = client.config.label;
  try {
    if (body.id_token) {
      const profile = await client.verifyIdToken(body.id_token);
      checkIdTokenNonce(profile.claims.nonce, body.id_token_nonce);
      return await signInWithProfile(ctx, flow, profile, { via: "request", traits });
    }
    if (flow.type === "api" && !flow.payload.session_token_exchange_code)
      throw new OidcError("api_flow_unsupported");
    return await sendToProvider(ctx, flow, client, {
      traits: flow.kind === "registration" ? traits : undefined,
      upstream: stringRecord(body.upstream_parameters),
    });
  } catch (error) {
    if (error instanceof OidcError) return refusal(ctx, error, label);
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
