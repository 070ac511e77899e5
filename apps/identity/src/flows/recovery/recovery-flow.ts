import { limitCodeEmails } from "../../hooks/code-email-limit.ts";
import { localeOf } from "../../hooks/locale.ts";
import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { errors, kratosError } from "../../http/errors.ts";
import { flowJson, redirect, respondWithFlow, sendJson } from "../../http/respond.ts";
import type { Identity } from "../../identity/identity.ts";
import { needsMigration } from "../../identity/migration.ts";
import {
  createSession,
  findActiveSession,
  sendSessionCookie,
} from "../../session/session-manager.ts";
import { findMatchingCode, hashCode, newCode } from "../../strategies/code/one-time-code.ts";
import { markAddressVerified } from "../../strategies/code/verified-address.ts";
import { linkEmailNodes } from "../../strategies/link/link-nodes.ts";
import { usesLink } from "../../strategies/link/link-token.ts";
import { submitRecoveryLink } from "../../strategies/link/recovery.ts";
import { addFlowMessage, resetMessages } from "../../ui/nodes.ts";
import { formatMinutes, uiText } from "../../ui/text.ts";
import type { Flow, FlowType } from "../flow.ts";
import type { FlowKindModule } from "../flow-kind.ts";
import { newFlow, uiUrl } from "../new-flow.ts";
import { validateReturnTo } from "../return-to.ts";
import { createSettingsFlow } from "../settings/settings-flow.ts";
import { submittedEmail } from "../submitted-email.ts";
import { recoveryCodeNodes, recoveryEmailNodes } from "./ui.ts";

function createRecoveryFlow(ctx: Ctx, type: FlowType, returnTo: string | undefined): Flow {
  return newFlow(ctx.deps, ctx.request, {
    kind: "recovery",
    type,
    lifespanMs: ctx.deps.config.selfservice.flows.recovery.lifespan,
    state: "choose_method",
    returnTo,
    nodes: (csrf) =>
      usesLink(ctx.deps, "recovery") ? linkEmailNodes(csrf) : recoveryEmailNodes(csrf),
    fields: { active: usesLink(ctx.deps, "recovery") ? "link" : "code" },
  });
}

export const recoveryFlow: FlowKindModule = {
  kind: "recovery",
  expiredMessageId: 4060005,
  isEnabled: (deps) => deps.config.selfservice.flows.recovery.enabled,
  // The emailed link is opened wherever the customer reads mail: the token is the proof.
  needsCsrf: (body) => body.token === undefined,

  async init(ctx, type) {
    const returnTo = validateReturnTo(ctx.deps.config, query(ctx).return_to);
    if (await findActiveSession(ctx.deps, ctx.request)) {
      if (!ctx.json && type === "browser")
        return redirect(
          ctx.reply,
          returnTo ?? ctx.deps.config.selfservice.default_browser_return_url,
          302,
        );
      throw kratosError(
        "session_already_available",
        "A valid session was detected and thus recovery is not possible.",
        {
          reason: "A valid session was detected and thus recovery is not possible.",
        },
      );
    }
    const flow = createRecoveryFlow(ctx, type, returnTo);
    await ctx.deps.persistence.flows.createFlow(flow);
    await respondWithFlow(ctx, flow);
  },

  async recreate(ctx, expired) {
    const flow = createRecoveryFlow(ctx, expired.type, expired.payload.return_to);
    await ctx.deps.persistence.flows.createFlow(flow);
    return flow;
  },

  async submit(ctx, flow, body) {
    resetMessages(flow.payload.ui);
    if (usesLink(ctx.deps, "recovery")) return submitRecoveryLink(ctx, flow, body);
    if (flow.state === "passed_challenge") {
      const fresh = await recoveryFlow.recreate(ctx, flow);
      addFlowMessage(fresh.payload.ui, uiText(4060001));
      await ctx.deps.persistence.flows.updateFlow(fresh);
      return respondWithFlow(ctx, fresh, 200);
    }
    const code = optionalString(body, "code");
    if (code && flow.state === "sent_email") return submitCode(ctx, flow, code);
    return submitEmail(ctx, flow, body);
  },
};

/** Same answer (1060003) whether or not the address belongs to an account. */
async function submitEmail(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  const { deps } = ctx;
  const email = await submittedEmail(ctx, flow, body, (e) =>
    recoveryEmailNodes(flow.csrf_token, e),
  );
  if (email === undefined) return;
  await limitCodeEmails(deps, email);
  const identity = await deps.persistence.identities.findIdentityByRecoveryAddress(email);
  await deps.persistence.transaction(async (tx) => {
    await tx.codes.invalidateCodesOfFlow(flow.id, deps.now());
    flow.state = "sent_email";
    flow.internal.address = email;
    flow.internal.tries = 0;
    flow.payload.ui.nodes = recoveryCodeNodes(flow.csrf_token, email);
    addFlowMessage(flow.payload.ui, uiText(1060003));
    await tx.flows.updateFlow(flow);
    if (!identity) return;
    const code = newCode();
    const lifespan = deps.config.selfservice.methods.code.config.lifespan;
    await tx.codes.createCode({
      id: crypto.randomUUID(),
      flow_id: flow.id,
      kind: "recovery",
      code_hash: hashCode(code, deps.config.secrets.default[0]!),
      address: email,
      identity_id: identity.id,
      used_at: null,
      expires_at: new Date(deps.now().getTime() + lifespan),
    });
    await tx.courier.enqueueEmail({
      templateType: "recovery_code_valid",
      to: email,
      locale: localeOf(ctx.request, body, identity),
      model: {
        code,
        expiresInMinutes: Math.round(lifespan / 60_000),
        // Imported without a password: the email says the account has moved.
        ...(needsMigration(identity) ? { migration: true } : {}),
      },
    });
  });
  await respondWithFlow(ctx, flow, 200);
}

async function submitCode(ctx: Ctx, flow: Flow, code: string): Promise<void> {
  const { deps } = ctx;
  if ((flow.internal.tries ?? 0) >= deps.config.selfservice.methods.code.config.max_submissions) {
    const fresh = await recoveryFlow.recreate(ctx, flow);
    addFlowMessage(
      fresh.payload.ui,
      uiText(4000001, {
        reason: "The recovery code was entered wrong too often. Please request a new code.",
      }),
    );
    await deps.persistence.transaction(async (tx) => {
      await tx.codes.invalidateCodesOfFlow(flow.id, deps.now());
      await tx.flows.updateFlow(fresh);
    });
    return respondWithFlow(ctx, fresh, 200);
  }
  const codes = await deps.persistence.codes.activeCodesOfFlow(flow.id, deps.now());
  const match = findMatchingCode(codes, code.trim(), deps.config.secrets.default[0]!);
  const identity = match?.identity_id
    ? await deps.persistence.identities.getIdentity(match.identity_id)
    : undefined;
  if (!match || !identity || !(await deps.persistence.codes.useCode(match.id, deps.now()))) {
    flow.internal.tries = (flow.internal.tries ?? 0) + 1;
    addFlowMessage(flow.payload.ui, uiText(4060006));
    await deps.persistence.flows.updateFlow(flow);
    return respondWithFlow(ctx, flow, 200);
  }
  await completeRecovery(ctx, flow, identity, { address: match.address, method: "code_recovery" });
}

/**
 * The customer proved the address (a code or a link): a session with a short privileged window
 * and a settings flow to set a new password, where the browser goes next (PROTOCOL.md §5).
 */
export async function completeRecovery(
  ctx: Ctx,
  flow: Flow,
  identity: Identity,
  options: { address: string; method: "code_recovery" | "link_recovery" },
): Promise<void> {
  const { deps } = ctx;
  // The code or link reached the address, so it counts as verified too.
  await markAddressVerified(ctx, identity, options.address);
  const issued = await createSession(deps, identity, { method: options.method }, ctx.request);
  const privilegedUntil = new Date(
    issued.session.authenticated_at.getTime() +
      deps.config.selfservice.flows.settings.privileged_session_max_age,
  );
  const minutes = formatMinutes(privilegedUntil.getTime() - deps.now().getTime());
  const recovered = uiText(
    1060001,
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
    return sendJson(ctx.reply, 200, {
      ...(await flowJson(ctx, flow)),
      continue_with: [
        { action: "set_ory_session_token", ory_session_token: issued.token },
        { action: "show_settings_ui", flow: { id: settings.id, url: settingsUrl } },
      ],
    });
  }
  if (!ctx.json) return redirect(ctx.reply, settingsUrl);
  throw errors.browserLocationChange(settingsUrl);
}
