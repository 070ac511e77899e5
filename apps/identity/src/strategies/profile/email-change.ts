import { timingSafeEqual } from "node:crypto";
import { MessageId } from "@moos/contract";
import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import type { SettingsStrategy, SettingsVerdict } from "../../flows/settings/strategy.ts";
import { settingsFormNodes } from "../../flows/settings/ui.ts";
import { fieldMessage, formMessage } from "../../flows/verdict.ts";
import { localeOf, type WithTransientPayload } from "../../hooks/locale.ts";
import type { Body } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { withLoginAddress } from "../../identity/login-address.ts";
import { conflictsWithOtherIdentity } from "../../identity/traits.ts";
import { limitCodeEmails } from "../../limits/code-email-limit.ts";
import { enqueueEmail } from "../../outbox/email/enqueue-email.ts";
import { isUniqueViolation } from "../../persistence/errors.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { currentDeviceId } from "../../security/devices.ts";
import { reportSecurityEvent } from "../../security/events.ts";
import type { EmailChange } from "../../security/records.ts";
import { originOf } from "../../security/request-origin.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { inputNode, submitNode, textNode, type UiNode } from "../../ui/nodes.ts";
import { type UiText, uiText } from "../../ui/text.ts";
import { hashCode, newCode } from "../code/one-time-code.ts";
import { isTrue } from "../second-factor/claim-once.ts";

// The safe email change (docs/account-safety.md#safe-email-change). A new login address takes effect only once the code sent
// to it comes back: until then the change waits (email_changes, one per account), the old
// address keeps signing in, and the settings form shows the waiting change with a code field,
// "send again" and "cancel" (group profile; our ids 1905001-1905005, 4905001-4905002). The old
// address hears of the request and of the change; the latter notice carries a link that undoes
// it (security/links.ts). Whether the new address belongs to another account is told only to
// whoever proves they read its mail, after the code: the request answers alike either way.

const names = {
  code: "email_change_code",
  confirm: "email_change_confirm",
  resend: "email_change_resend",
  cancel: "email_change_cancel",
} as const;

/** Our own submits beside Kratos's updateSettingsFlowWithProfileMethod (group profile). */
const fields = {
  [names.confirm]: "flag",
  [names.resend]: "flag",
  [names.cancel]: "flag",
  [names.code]: "string",
  transient_payload: "value",
} as const;
type EmailChangeBody = BodyOf<typeof fields>;

function isEmailChangeSubmit(body: Body): boolean {
  return [names.confirm, names.resend, names.cancel].some((name) => isTrue(body[name]));
}

export const emailChangeSettings: SettingsStrategy<EmailChangeBody> = {
  method: "profile",
  isEnabled: (deps) => deps.config.selfservice.methods.profile.enabled,
  isSubmit: isEmailChangeSubmit,
  body: bodySchema(fields),
  privileged: false,
  formNodes: emailChangeNodes,
  submit: submitEmailChange,
};

/** The waiting change, if there is one that has not run out. */
export async function waitingEmailChange(
  deps: Deps,
  identityId: string,
): Promise<EmailChange | undefined> {
  const change = await deps.persistence.security.pendingEmailChange(identityId);
  return change && change.expires_at > deps.now() ? change : undefined;
}

async function emailChangeNodes(
  ctx: RequestCtx,
  _flow: Flow,
  identity: Identity,
): Promise<UiNode[]> {
  const change = await waitingEmailChange(ctx.deps, identity.id);
  if (!change) return [];
  const pending = uiText(MessageId.emailChangePending, {
    new_address: change.new_address,
    old_address: change.old_address,
    expires_at: change.expires_at.toISOString(),
    expires_at_unix: Math.floor(change.expires_at.getTime() / 1000),
  });
  return [
    textNode("profile", "email_change_pending", pending, uiText(MessageId.email)),
    inputNode({
      group: "profile",
      name: names.code,
      type: "text",
      value: "",
      pattern: "[0-9]+",
      maxlength: 6,
      autocomplete: "one-time-code",
      label: uiText(MessageId.verificationCode),
    }),
    submitNode("profile", names.confirm, "true", uiText(MessageId.verifyCode)),
    submitNode("profile", names.resend, "true", uiText(MessageId.resendCode)),
    submitNode("profile", names.cancel, "true", uiText(MessageId.cancelEmailChange)),
  ];
}

/** The code's email to the new address, in the caller's transaction; returns the new code hash. */
async function sendChangeCode(
  ctx: RequestCtx,
  tx: Persistence,
  input: { identity: Identity; address: string; body: WithTransientPayload },
): Promise<{ codeHash: string; codeExpiresAt: Date }> {
  const { deps } = ctx;
  const code = newCode();
  const lifespan = deps.config.selfservice.methods.code.config.lifespan;
  await enqueueEmail(tx, {
    templateType: "email_change_code",
    to: input.address,
    locale: localeOf(ctx.request, input.body, input.identity),
    model: { code, expiresInMinutes: Math.round(lifespan / 60_000), new_address: input.address },
  });
  return {
    codeHash: hashCode(code, deps.config.secrets.default[0]!),
    codeExpiresAt: new Date(deps.now().getTime() + lifespan),
  };
}

/**
 * A profile submit that changes the login address (strategies/profile/settings.ts): `kept` is
 * the identity with every other change applied and the old address still in place. It is saved,
 * the change waits for its code, and the old address is told.
 */
export async function requestEmailChange(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  input: {
    kept: Identity;
    oldAddress: string;
    newAddress: string;
    body: WithTransientPayload;
    saved: boolean;
  },
): Promise<SettingsVerdict> {
  const { deps } = ctx;
  await limitCodeEmails(deps, input.newAddress);
  const now = deps.now();
  const deviceId = await currentDeviceId(ctx, active.identity.id, flow.type);
  await deps.persistence.transaction(async (tx) => {
    if (input.saved) await tx.identities.updateIdentity(input.kept);
    const waiting = await tx.security.pendingEmailChange(active.identity.id);
    const sent = await sendChangeCode(ctx, tx, {
      identity: input.kept,
      address: input.newAddress,
      body: input.body,
    });
    await tx.security.saveEmailChange({
      id: waiting?.id ?? crypto.randomUUID(),
      identity_id: active.identity.id,
      old_address: input.oldAddress,
      new_address: input.newAddress,
      code_hash: sent.codeHash,
      code_expires_at: sent.codeExpiresAt,
      tries: 0,
      status: "pending",
      device_id: deviceId,
      expires_at: new Date(now.getTime() + deps.config.security.email_change.lifespan),
      created_at: waiting?.created_at ?? now,
      updated_at: now,
      completed_at: null,
    });
    await reportSecurityEvent(deps, tx, {
      identity: input.kept,
      type: "email_change_requested",
      origin: originOf(ctx.request),
      deviceId,
      details: { old_address: input.oldAddress, new_address: input.newAddress },
      noticeTo: input.oldAddress,
    });
  });
  flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, input.kept);
  const sent = uiText(MessageId.emailChangeCodeSent, { new_address: input.newAddress });
  return {
    result: "form",
    messages: [
      ...(input.saved ? [formMessage(uiText(MessageId.changesSaved))] : []),
      formMessage(sent),
    ],
  };
}

async function submitEmailChange(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  body: EmailChangeBody,
): Promise<SettingsVerdict> {
  const change = await waitingEmailChange(ctx.deps, active.identity.id);
  if (!change) {
    flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, active.identity);
    return { result: "refused", messages: [formMessage(uiText(MessageId.emailChangeExpired))] };
  }
  if (body[names.confirm]) return confirmChange(ctx, flow, active, change, body[names.code] ?? "");
  if (body[names.resend]) return resendCode(ctx, flow, active, change, body);
  return cancelChange(ctx, active, change);
}

async function cancelChange(
  ctx: RequestCtx,
  active: ActiveSession,
  change: EmailChange,
): Promise<SettingsVerdict> {
  await ctx.deps.persistence.security.saveEmailChange({
    ...change,
    status: "cancelled",
    updated_at: ctx.deps.now(),
  });
  const cancelled = uiText(MessageId.emailChangeCancelled, { old_address: change.old_address });
  return { result: "saved", identity: active.identity, messages: [cancelled] };
}

async function resendCode(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  change: EmailChange,
  body: EmailChangeBody,
): Promise<SettingsVerdict> {
  const { deps } = ctx;
  await limitCodeEmails(deps, change.new_address);
  await deps.persistence.transaction(async (tx) => {
    const sent = await sendChangeCode(ctx, tx, {
      identity: active.identity,
      address: change.new_address,
      body,
    });
    await tx.security.saveEmailChange({
      ...change,
      code_hash: sent.codeHash,
      code_expires_at: sent.codeExpiresAt,
      tries: 0,
      updated_at: deps.now(),
    });
  });
  flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, active.identity);
  const sent = uiText(MessageId.emailChangeCodeSent, { new_address: change.new_address });
  return { result: "form", messages: [formMessage(sent)] };
}

function codeMatches(deps: Deps, change: EmailChange, typed: string): boolean {
  if (!/^[0-9]{6}$/.test(typed) || change.code_expires_at <= deps.now()) return false;
  const expected = Buffer.from(change.code_hash, "hex");
  const candidate = Buffer.from(hashCode(typed, deps.config.secrets.default[0]!), "hex");
  return expected.length === candidate.length && timingSafeEqual(expected, candidate);
}

async function confirmChange(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  change: EmailChange,
  typed: string,
): Promise<SettingsVerdict> {
  const { deps } = ctx;
  const reject = async (field: string | undefined, message: UiText): Promise<SettingsVerdict> => {
    flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, active.identity);
    return { result: "refused", messages: [fieldMessage(field, message)] };
  };
  if (!typed.trim())
    return reject(names.code, uiText(MessageId.missingProperty, { property: names.code }));
  if (change.tries >= deps.config.selfservice.methods.code.config.max_submissions)
    return reject(undefined, uiText(MessageId.emailChangeCodeTriedTooOften));
  if (!codeMatches(deps, change, typed.trim())) {
    await deps.persistence.security.saveEmailChange({
      ...change,
      tries: change.tries + 1,
      updated_at: deps.now(),
    });
    return reject(names.code, uiText(MessageId.invalidVerificationCode));
  }
  const after = withLoginAddress(deps, active.identity, change.new_address, deps.now());
  // The code proved the address is theirs: now (and only now) a taken address may be named.
  if (await conflictsWithOtherIdentity(deps, after))
    return reject(undefined, uiText(MessageId.accountExists));
  try {
    await deps.persistence.transaction(async (tx) => {
      await tx.identities.updateIdentity(after);
      await tx.security.saveEmailChange({
        ...change,
        status: "completed",
        updated_at: deps.now(),
        completed_at: deps.now(),
      });
      await reportSecurityEvent(deps, tx, {
        identity: after,
        type: "email_change_completed",
        origin: originOf(ctx.request),
        deviceId: change.device_id,
        details: { old_address: change.old_address, new_address: change.new_address },
        noticeTo: change.old_address,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return reject(undefined, uiText(MessageId.accountExists));
    throw error;
  }
  const changed = uiText(MessageId.emailChanged, {
    new_address: change.new_address,
    old_address: change.old_address,
  });
  return { result: "saved", identity: after, messages: [changed] };
}
