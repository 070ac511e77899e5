import { isExpired } from "../../flows/flow.ts";
import { resendRecovery } from "../../flows/recovery/start-recovery.ts";
import { resendVerification } from "../../flows/verification/verification-flow.ts";
import type { Body } from "../../http/body.ts";
import { localeOf } from "../../identity/identity.ts";
import { type ChangeSpec, nothingToDo } from "../change.ts";
import { badField } from "../errors.ts";

// `POST .../resend` (docs/console.md#resending-an-email): "I never got the code". The customer's
// newest verification or recovery flow that still waits for its code gets a fresh one, by email
// to the customer, for the screen they have open; its earlier code stops working. The code or
// link goes to the customer only: neither the answer nor the audit holds it. Nothing waiting
// (no such flow, it expired or finished, the address is verified already): nothing to do.

const kinds = {
  verification: ["verification", "verification_link"],
  recovery: ["recovery", "recovery_link"],
} as const;

export const resendEmail: ChangeSpec<{ kind: "verification" | "recovery" }> = {
  action: "email.resend",
  parse(body: Body) {
    const kind = body.kind;
    if (kind !== "verification" && kind !== "recovery")
      throw badField("kind", 'The kind must be "verification" or "recovery".');
    return { kind };
  },
  async act({ ctx, tx, identity, input, now }) {
    const latest = await tx.console.latestCode(identity.id, kinds[input.kind]);
    const flow = latest && (await tx.flows.getFlow(latest.flow_id, input.kind));
    const waiting =
      flow !== undefined &&
      flow.state === "sent_email" &&
      !flow.internal.completed &&
      !isExpired(flow, now);
    const address = latest?.address ?? "";
    const stillOwned =
      input.kind === "verification"
        ? identity.verifiable_addresses.some((a) => a.value === address && !a.verified)
        : identity.recovery_addresses.some((a) => a.value === address);
    if (!flow || !waiting || !stillOwned)
      throw nothingToDo(`No ${input.kind} is waiting for a code.`);
    const email = { flow, identity, address, locale: localeOf(identity) };
    if (input.kind === "verification") await resendVerification(ctx, tx, email);
    else await resendRecovery(ctx.deps, tx, email);
    return { details: { kind: input.kind, flow_id: flow.id } };
  },
};
