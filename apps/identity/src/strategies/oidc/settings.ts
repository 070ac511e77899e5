import type { Flow } from "../../flows/flow.ts";
import { beginSettingsAttempt, completeSettings } from "../../flows/settings/outcome.ts";
import { sessionForSubmit } from "../../flows/settings/settings-session.ts";
import type { SettingsStrategy, SettingsVerdict } from "../../flows/settings/strategy.ts";
import { formMessage } from "../../flows/verdict.ts";
import { writeAnswer } from "../../http/answer.ts";
import { isAbsent } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { Ctx, RequestCtx } from "../../http/context.ts";
import {
  addOidcLink,
  oidcIdentifier,
  oidcLinks,
  removeOidcLink,
  signInMethodCount,
} from "../../identity/oidc-credentials.ts";
import { isUniqueViolation } from "../../persistence/errors.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { failOnFlow } from "./answer.ts";
import { isOidcEnabled, sendToProvider } from "./authorize.ts";
import type { ProviderProfile } from "./clients.ts";
import { OidcError, oidcFailureText } from "./errors.ts";

// Linked providers in settings (docs/protocol.md#settings-form, group oidc): `link=<id>` sends the browser to
// the provider and links the profile on its return, `unlink=<id>` removes it. Both change how
// the account can be entered, so both need a privileged session (session_refresh_required
// otherwise), and unlinking never removes the last way to sign in.

const fields = { method: "string", link: "string", unlink: "string" } as const;
type OidcSettingsBody = BodyOf<typeof fields>;

export const oidcSettings: SettingsStrategy<OidcSettingsBody> = {
  method: "oidc",
  isEnabled: isOidcEnabled,
  // Kratos's settings form posts the clicked `link` / `unlink` submit without a method.
  isSubmit: (body) =>
    body.method === "oidc" || (isAbsent(body.method) && Boolean(body.link || body.unlink)),
  body: bodySchema(fields, { kratos: "updateSettingsFlowWithOidcMethod" }),
  privileged: true,
  submit: submitOidcSettings,
};

async function submitOidcSettings(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  { link, unlink }: OidcSettingsBody,
): Promise<SettingsVerdict> {
  const id = link ?? unlink ?? "";
  const client = ctx.deps.oidc.get(id);
  const linked = oidcLinks(active.identity).some((l) => l.provider === id);
  const reject = (error: OidcError): SettingsVerdict => ({
    result: "refused",
    messages: [formMessage(oidcFailureText(error, client?.config.label))],
  });
  if (!client) return reject(new OidcError("provider_unknown"));
  if (link !== undefined) {
    if (linked) return reject(new OidcError("already_linked"));
    if (flow.type === "api") return reject(new OidcError("api_flow_unsupported"));
    try {
      return await sendToProvider(ctx, flow, client, {});
    } catch (error) {
      if (error instanceof OidcError) return reject(error);
      throw error;
    }
  }
  if (!linked) return reject(new OidcError("not_linked"));
  if (signInMethodCount(active.identity) <= 1) return reject(new OidcError("last_sign_in_method"));
  const identity = structuredClone(active.identity);
  removeOidcLink(identity, id, ctx.deps.now());
  await ctx.deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
  return { result: "saved", identity };
}

/** The provider's answer to a `link`: the profile joins the signed-in account. */
export async function finishLink(ctx: Ctx, flow: Flow, profile: ProviderProfile): Promise<void> {
  const { deps } = ctx;
  const label = deps.oidc.get(profile.provider)?.config.label;
  const active = await sessionForSubmit(ctx, flow);
  beginSettingsAttempt(flow, "oidc");
  const owner = await deps.persistence.identities.findIdentityByIdentifier(
    "oidc",
    oidcIdentifier(profile.issuer, profile.subject),
  );
  if (owner) {
    const code = owner.id === active.identity.id ? "already_linked" : "already_linked_elsewhere";
    return failOnFlow(ctx, flow, new OidcError(code), "browser", label);
  }
  const identity = structuredClone(active.identity);
  addOidcLink(
    identity,
    { provider: profile.provider, issuer: profile.issuer, subject: profile.subject },
    deps.now(),
  );
  try {
    await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return failOnFlow(ctx, flow, new OidcError("already_linked_elsewhere"), "browser", label);
  }
  writeAnswer(ctx.reply, await completeSettings(ctx, flow, identity));
}
