import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps/deps.ts";
import { normaliseBody } from "../../http/body.ts";
import { bodySchema } from "../../http/body-schema.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { errors } from "../../http/errors.ts";
import { redirect, sendJson } from "../../http/respond.ts";
import type { Identity } from "../../identity/identity.ts";
import { loginAddressOf, withLoginAddress } from "../../identity/login-address.ts";
import { conflictsWithOtherIdentity } from "../../identity/traits.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import type { ActivityEntryJson } from "../../security/activity.ts";
import { reportSecurityEvent } from "../../security/events.ts";
import { findUsableLink } from "../../security/links.ts";
import type { SecurityEvent, SecurityLink } from "../../security/records.ts";
import { originOf } from "../../security/request-origin.ts";
import { describeUserAgent } from "../../security/user-agent.ts";
import { route } from "../../session/handlers.ts";
import { endSessionCookie } from "../../session/session-manager.ts";
import { uiUrl } from "../new-flow.ts";
import { startRecoveryFor } from "../recovery/start-recovery.ts";

// The links security notices carry (ours, docs/account-safety.md), behind the web app's screens:
//   GET  /self-service/security/links?token=  what the link is about (nothing is changed, so a
//        mail scanner that opens links changes nothing either);
//   POST /self-service/security/links {token}  the one confirmation. "This wasn't me" ends every
//        session of the account, forgets the device the notice named and cancels a waiting
//        email change; an undo link also puts the old address back. Both then start recovery
//        for the account's (restored) address: the customer goes on to a code and a new
//        password. A link works once; an unknown, used or expired one is 404 alike.

export function registerSecurityLinkRoutes(app: FastifyInstance, deps: Deps): void {
  const json = { json: "always" } as const;
  app.get("/self-service/security/links", route(deps, describeLink, json));
  app.post("/self-service/security/links", route(deps, confirmLink));
}

/** The confirmation's body: the link's token (ours, docs/account-safety.md). */
const confirmBody = bodySchema({ token: "string" });

function linkInvalid(): Error {
  return errors.notFound("The link is not valid: it may have been used or have expired.");
}

async function linkAndIdentity(
  ctx: Ctx,
  token: string | undefined,
): Promise<{ link: SecurityLink; identity: Identity; event: SecurityEvent | undefined }> {
  const { deps } = ctx;
  const link = await findUsableLink(deps, token);
  const identity = link && (await deps.persistence.identities.getIdentity(link.identity_id));
  if (!link || !identity) throw linkInvalid();
  const event = link.event_id ? await deps.persistence.security.getEvent(link.event_id) : undefined;
  return { link, identity, event };
}

function eventJson(event: SecurityEvent): ActivityEntryJson {
  return {
    id: event.id,
    type: event.type,
    occurred_at: event.occurred_at.toISOString(),
    ip_address: event.ip_address,
    user_agent: event.user_agent,
    ...describeUserAgent(event.user_agent),
    details: event.details,
  };
}

async function describeLink(ctx: Ctx): Promise<void> {
  const { link, event } = await linkAndIdentity(ctx, query(ctx).token);
  sendJson(ctx.reply, 200, {
    kind: link.kind,
    expires_at: link.expires_at.toISOString(),
    ...(event ? { event: eventJson(event) } : {}),
  });
}

async function confirmLink(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const { token } = confirmBody.parse(normaliseBody(ctx.request.body));
  const { link, identity, event } = await linkAndIdentity(ctx, token);
  let address = loginAddressOf(deps, identity);
  let restored = identity;
  if (link.kind === "undo_email_change") {
    const oldAddress = event?.details.old_address;
    if (typeof oldAddress !== "string") throw linkInvalid();
    restored = withLoginAddress(deps, identity, oldAddress, deps.now());
    // Someone else signed up with the old address meanwhile: it cannot come back.
    if (await conflictsWithOtherIdentity(deps, restored)) {
      throw errors.badRequest("The old email address now belongs to another account.");
    }
    address = oldAddress;
  }
  const used = await deps.persistence.transaction(async (tx) => {
    if (!(await tx.security.useLink(link.id, deps.now()))) return false;
    if (restored !== identity) await tx.identities.updateIdentity(restored);
    await secureAccount(ctx, tx, restored, link);
    return true;
  });
  if (!used) throw linkInvalid();
  // This browser's session is gone too; the new CSRF secret is the recovery flow's.
  endSessionCookie(deps, ctx.request, ctx.reply);
  const recovery =
    deps.config.selfservice.flows.recovery.enabled && address
      ? await startRecoveryFor(ctx, restored, address)
      : undefined;
  const target = recovery
    ? uiUrl(deps, "recovery", recovery.id)
    : new URL(deps.config.selfservice.flows.login.ui_url).toString();
  if (!ctx.json) return redirect(ctx.reply, target);
  sendJson(ctx.reply, 200, {
    kind: link.kind,
    continue_with: recovery
      ? [{ action: "show_recovery_ui", flow: { id: recovery.id, url: target } }]
      : [],
  });
}

/** Every session ends, the named device is forgotten, a waiting email change is cancelled. */
async function secureAccount(
  ctx: Ctx,
  tx: Persistence,
  identity: Identity,
  link: SecurityLink,
): Promise<void> {
  const { deps } = ctx;
  await tx.sessions.revokeSessionsOfIdentity(identity.id, {});
  if (link.device_id) await tx.security.removeTrustedDevice(identity.id, link.device_id);
  const waiting = await tx.security.pendingEmailChange(identity.id);
  if (waiting) {
    await tx.security.saveEmailChange({ ...waiting, status: "cancelled", updated_at: deps.now() });
  }
  await reportSecurityEvent(deps, tx, {
    identity,
    type: link.kind === "undo_email_change" ? "email_change_undone" : "not_me_reported",
    origin: originOf(ctx.request),
    details: { reported_event_id: link.event_id },
  });
}
