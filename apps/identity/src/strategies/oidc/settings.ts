import type { Flow } from "../../flows/flow.ts";
import type { SettingsStrategy, SettingsVerdict } from "../../flows/settings/strategy.ts";
import type { SocialOutcome, SocialProfile } from "../../flows/social/strategy.ts";
import { formMessage } from "../../flows/verdict.ts";
import { isAbsent } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import {
  addOidcLink,
  oidcIdentifier,
  oidcLinks,
  removeOidcLink,
  signInMethodCount,
} from "../../identity/oidc-credentials.ts";
import { isUniqueViolation } from "../../persistence/errors.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { isOidcEnabled, sendToProvider } from "./authorize.ts";
import { OidcError, oidcFailureText } from "./errors.ts";
import { refusal } from "./refusal.ts";

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
export async function linkProfile(
  ctx: RequestCtx,
  active: ActiveSession,
  profile: SocialProfile,
): Promise<SocialOutcome> {
  const { deps } = ctx;
  const label = deps.oidc.get(profile.provider)?.config.label;
  const owner = await deps.persistence.identities.findIdentityByIdentifier(
    "oidc",
    oidcIdentifier(profile.issuer, profile.subject),
  );
  if (owner) {
    const code = owner.id === active.identity.id ? "already_linked" : "already_linked_elsewhere";
    return refusal(ctx, new OidcError(code), label);
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
    return refusal(ctx, new OidcError("already_linked_elsewhere"), label);
  }
  return { result: "linked", identity };
}
