import { MessageId } from "@moos/contract";
import { runHooks } from "../../hooks/hook-executor.ts";
import { markAddressVerified } from "../../hooks/verified-address.ts";
import { type Answer, jsonAnswer, redirectAnswer } from "../../http/answer.ts";
import type { Ctx } from "../../http/context.ts";
import { errors } from "../../http/errors.ts";
import type { Identity } from "../../identity/identity.ts";
import { noteRecovery } from "../../security/sign-in.ts";
import { createSession, sendSessionCookie } from "../../session/session-manager.ts";
import { formatMinutes, uiText } from "../../ui/text.ts";
import type { Flow } from "../flow.ts";
import { flowJson } from "../flow-answer.ts";
import { uiUrl } from "../new-flow.ts";
import { createSettingsFlow } from "../settings/settings-flow.ts";

/**
 * The customer proved the address (a code or a link): a session with a short privileged window
 * and a settings flow to set a new password, where the browser goes next (docs/protocol.md#recovery-outcomes).
 */
export async function completeRecovery(
  ctx: Ctx,
  flow: Flow,
  identity: Identity,
  options: { address: string; method: "code_recovery" | "link_recovery" },
): Promise<Answer> {
  const { deps } = ctx;
  // The code or link reached the address, so it counts as verified too.
  await markAddressVerified(ctx, identity, options.address);
  const issued = await createSession(deps, identity, { method: options.method }, ctx.request);
  await runHooks(ctx, "recovery", { identity, session: issued.session });
  await noteRecovery(ctx, identity, flow.type, options.method);
  const privilegedUntil = new Date(
    issued.session.authenticated_at.getTime() +
      deps.config.selfservice.flows.settings.privileged_session_max_age,
  );
  const minutes = formatMinutes(privilegedUntil.getTime() - deps.now().getTime());
  const recovered = uiText(
    MessageId.accountRecovered,
    {
      privilegedSessionExpiresAt: privilegedUntil.toISOString(),
      privileged_session_expires_at: privilegedUntil.toISOString(),
      privileged_session_expires_at_unix: Math.floor(privilegedUntil.getTime() / 1000),
    },
    `You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next ${minutes} minutes.`,
  );
  // The new session rotates the CSRF secret; rotate first so the settings flow matches it.
  if (flow.type === "browser") sendSessionCookie(deps, ctx.request, ctx.reply, issued);
  const settings = await createSettingsFlow(
    ctx,
    { session: issued.session, identity, token: issued.token },
    { type: flow.type, returnTo: flow.payload.return_to, messages: [recovered] },
  );
  flow.state = "passed_challenge";
  await deps.persistence.flows.updateFlow(flow);
  const settingsUrl = uiUrl(deps, "settings", settings.id);
  if (flow.type === "api") {
    return jsonAnswer(200, {
      ...(await flowJson(ctx, flow)),
      continue_with: [
        { action: "set_ory_session_token", ory_session_token: issued.token },
        { action: "show_settings_ui", flow: { id: settings.id, url: settingsUrl } },
      ],
    });
  }
  if (!ctx.json) return redirectAnswer(settingsUrl);
  throw errors.browserLocationChange(settingsUrl);
}
