import type { FlowType } from "../flows/flow.ts";
import type { Ctx } from "../http/context.ts";
import type { Identity } from "../identity/identity.ts";
import { recogniseDevice, touchKnownDevice } from "./devices.ts";
import { reportSecurityEvent } from "./events.ts";
import { originOf } from "./request-origin.ts";

// What a successful sign-in, sign-up or recovery means for account safety: the device becomes
// (or stays) trusted, and a first factor passed on a device the account does not know is a
// security event with a notice. A known device's sign-in records nothing and sends nothing.

/** A first factor passed (a new session, not a refresh). */
export async function noteSignIn(ctx: Ctx, identity: Identity, flowType: FlowType): Promise<void> {
  const { deps } = ctx;
  if (await touchKnownDevice(ctx, identity, flowType)) return;
  await deps.persistence.transaction(async (tx) => {
    const device = await recogniseDevice(ctx, tx, identity, flowType);
    if (!device.isNew) return;
    await reportSecurityEvent(deps, tx, {
      identity,
      type: "login_new_device",
      origin: originOf(ctx.request),
      deviceId: device.id ?? null,
    });
  });
}

/** The browser that created the account is its first trusted device; nobody needs telling. */
export async function noteSignUp(ctx: Ctx, identity: Identity, flowType: FlowType): Promise<void> {
  await ctx.deps.persistence.transaction(async (tx) => {
    await recogniseDevice(ctx, tx, identity, flowType);
  });
}

/** A recovery code or link signed the customer in: trusted device, and the recovery notice. */
export async function noteRecovery(
  ctx: Ctx,
  identity: Identity,
  flowType: FlowType,
  method: string,
): Promise<void> {
  const { deps } = ctx;
  await deps.persistence.transaction(async (tx) => {
    const device = await recogniseDevice(ctx, tx, identity, flowType);
    await reportSecurityEvent(deps, tx, {
      identity,
      type: "recovery_used",
      origin: originOf(ctx.request),
      deviceId: device.id ?? null,
      details: { method },
    });
  });
}
