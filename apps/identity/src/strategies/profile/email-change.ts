import { timingSafeEqual } from "node:crypto";
import { MessageId } from "@moos/contract";
import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import {
  beginSettingsAttempt,
  completeSettings,
  rejectSettings,
  showSettingsForm,
} from "../../flows/settings/outcome.ts";
import type { SettingsStrategy } from "../../flows/settings/strategy.ts";
import { settingsFormNodes } from "../../flows/settings/ui.ts";
import { localeOf } from "../../hooks/locale.ts";
import { type Body, optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
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
import {
  addFieldMessage,
  addFlowMessage,
  inputNode,
  submitNode,
  textNode,
  type UiNode,
} from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
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

type Action = "confirm" | "resend" | "cancel";

function actionOf(body: Body): Action | undefined {
  if (isTrue(body[names.confirm])) return "confirm";
  if (isTrue(body[names.resend])) return "resend";
  if (isTrue(body[names.cancel])) return "cancel";
  return undefined;
}

export const emailChangeSettings: SettingsStrategy = {
  method: "profile",
  isEnabled: (deps) => deps.config.selfservice.methods.profile.enabled,
  isSubmit: (body) => actionOf(body) !== undefined,
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

async function emailChangeNodes(ctx: Ctx, _flow: Flow, identity: Identity): Promise<UiNode[]> {
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
  ctx: Ctx,
  tx: Persistence,
  input: { identity: Identity; address: string; body: Body },
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
  ctx: Ctx,
  flow: Flow,
  active: ActiveSession,
  input: { kept: Identity; oldAddress: string; newAddress: string; body: Body; saved: boolean },
): Promise<void> {
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
  if (input.saved) addFlowMessage(flow.payload.ui, uiText(MessageId.changesSaved));
  addFlowMessage(
    flow.payload.ui,
    uiText(MessageId.emailChangeCodeSent, { new_address: input.newAddress }),
  );
  await showSettingsForm(ctx, flow);
}

async function submitEmailChange(
  ctx: Ctx,
  flow: Flow,
  active: ActiveSession,
  body: Body,
): Promise<void> {
  beginSettingsAttempt(flow, "profile");
  const change = await waitingEmailChange(ctx.deps, active.identity.id);
  if (!change) {
    flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, active.identity);
    addFlowMessage(flow.payload.ui, uiText(MessageId.emailChangeExpired));
    return rejectSettings(ctx, flow);
  }
  const action = actionOf(body);
  if (action === "cancel") return cancelChange(ctx, flow, active, change);
  if (action === "resend") return resendCode(ctx, flow, active, change, body);
  return confirmChange(ctx, flow, active, change, optionalString(body, names.code) ?? "");
}

async function cancelChange(
  ctx: Ctx,
  flow: Flow,
  active: ActiveSession,
  change: EmailChange,
): Promise<void> {
  await ctx.deps.persistence.security.saveEmailChange({
    ...change,
    status: "cancelled",
    updated_at: ctx.deps.now(),
  });
  await completeSettings(
    ctx,
    flow,
    active.identity,
    [],
    [uiText(MessageId.emailChangeCancelled, { old_address: change.old_address })],
  );
}

async function resendCode(
  ctx: Ctx,
  flow: Flow,
  active: ActiveSession,
  change: EmailChange,
  body: Body,
): Promise<void> {
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
  addFlowMessage(
    flow.payload.ui,
    uiText(MessageId.emailChangeCodeSent, { new_address: change.new_address }),
  );
  await showSettingsForm(ctx, flow);
}

function codeMatches(deps: Deps, change: EmailChange, typed: string): boolean {
  if (!/^[0-9]{6}$/.test(typed) || change.code_expires_at <= deps.now()) return false;
  const expected = Buffer.from(change.code_hash, "hex");
  const candidate = Buffer.from(hashCode(typed, deps.config.secrets.default[0]!), "hex");
  return expected.length === candidate.length && timingSafeEqual(expected, candidate);
}

async function confirmChange(
  ctx: Ctx,
  flow: Flow,
  active: ActiveSession,
  change: EmailChange,
  typed: string,
): Promise<void> {
  const { deps } = ctx;
  const reject = async (field: string | undefined, message: ReturnType<typeof uiText>) => {
    flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, active.identity);
    addFieldMessage(flow.payload.ui, field, message);
    return rejectSettings(ctx, flow);
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
  await completeSettings(
    ctx,
    flow,
    after,
    [],
    [
      uiText(MessageId.emailChanged, {
        new_address: change.new_address,
        old_address: change.old_address,
      }),
    ],
  );
}
