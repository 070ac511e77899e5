import { MessageId } from "@moos/contract";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Flow } from "../../flows/flow.ts";
import type { SecondFactorCheck, SecondFactorLoginStrategy } from "../../flows/login/strategy.ts";
import { hasText } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { uiText } from "../../ui/text.ts";
import { finishAuthentication, parseResponse, takeChallenge, WebAuthnRefused } from "./ceremony.ts";
import { webAuthnConfig, webAuthnKeys, writeWebAuthnKeys } from "./credentials.ts";
import { webauthnLoginNodes } from "./nodes.ts";
import { isWebAuthnEnabled } from "./relying-party.ts";

// The login aal2 step with a security key (Kratos's webauthn loginMultiFactor): the assertion
// must answer this flow's challenge with one of the signed-in identity's keys. Every failure
// reads 4000043; the step's nodes are rebuilt with a fresh challenge for the next try.

const fields = { method: "string", webauthn_login: "string" } as const;
type WebauthnLoginBody = BodyOf<typeof fields>;

/** Security keys as a second factor (WebAuthn), Kratos's `webauthn` method. */
export const webauthnLogin: SecondFactorLoginStrategy<WebauthnLoginBody> = {
  method: "webauthn",
  isEnabled: (deps) => isWebAuthnEnabled(deps.config, "webauthn"),
  isConfigured: (identity) => webAuthnKeys(identity, "webauthn").length > 0,
  // Kratos's webauthn script posts only `webauthn_login`, without a method.
  isSubmit: (body) => body.method === "webauthn" || hasText(body, "webauthn_login"),
  body: bodySchema(fields, { kratos: "updateLoginFlowWithWebAuthnMethod" }),
  loginNodes: (ctx, flow, identity) => webauthnLoginNodes(ctx.deps, flow, identity),
  verifyLogin: verifyWebauthnLogin,
};

async function verifyWebauthnLogin(
  ctx: RequestCtx,
  flow: Flow,
  identity: Identity,
  body: WebauthnLoginBody,
): Promise<SecondFactorCheck> {
  const pending = await takeChallenge(ctx.deps, flow, "webauthn");
  const raw = body.webauthn_login ?? "";
  const config = webAuthnConfig(identity, "webauthn");
  if (!pending || !raw || !config) return refuse(ctx, flow, identity);
  try {
    const response = parseResponse<AuthenticationResponseJSON>(raw);
    const key = config.credentials.find((k) => k.id === response.id);
    if (!key) return refuse(ctx, flow, identity);
    const counter = await finishAuthentication(ctx.deps, "webauthn", pending, response, key);
    // The counter must only grow (SimpleWebAuthn refuses otherwise): a cloned key shows up.
    const updated = structuredClone(identity);
    writeWebAuthnKeys(
      updated,
      "webauthn",
      {
        ...config,
        credentials: config.credentials.map((k) =>
          k.id === key.id ? { ...k, sign_count: counter } : k,
        ),
      },
      ctx.deps.now(),
    );
    await ctx.deps.persistence.transaction((tx) => tx.identities.updateIdentity(updated));
    return { ok: true };
  } catch (error) {
    if (error instanceof WebAuthnRefused) {
      ctx.request.log.info({ reason: error.message }, "security key assertion refused");
      return refuse(ctx, flow, identity);
    }
    throw error;
  }
}

/** 4000043, and the step's security-key nodes again with a fresh challenge. */
async function refuse(ctx: RequestCtx, flow: Flow, identity: Identity): Promise<SecondFactorCheck> {
  const kept = flow.payload.ui.nodes.filter((n) => n.group !== "webauthn");
  flow.payload.ui.nodes = [...kept, ...(await webauthnLoginNodes(ctx.deps, flow, identity))];
  return { ok: false, message: uiText(MessageId.invalidWebAuthnLogin) };
}
