import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import { uiUrl } from "../../flows/new-flow.ts";
import { completeRecovery } from "../../flows/recovery/complete-recovery.ts";
import { recoveryFlow } from "../../flows/recovery/recovery-flow.ts";
import { requestRecoveryEmail } from "../../flows/recovery/request-recovery-email.ts";
import type { RecoveryStrategy } from "../../flows/recovery/strategy.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { rotateCsrfSecret } from "../../http/cookies.ts";
import { redirect } from "../../http/respond.ts";
import { enqueueEmail } from "../../outbox/email/enqueue-email.ts";
import { addFlowMessage } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { linkEmailNodes } from "./link-nodes.ts";
import { createLinkToken, linkLifespanMinutes, useLinkToken } from "./link-token.ts";

// Recovery by link (`selfservice.flows.recovery.use: link`): the email carries
// `<public>/self-service/recovery?flow=<id>&token=<token>`; opening it signs the customer in
// with a privileged session and sends the browser to settings, as a correct code does.

export const linkRecovery: RecoveryStrategy = {
  method: "link",
  emailNodes: (csrfToken) => linkEmailNodes(csrfToken),
  markSent(flow, address) {
    flow.state = "sent_email";
    flow.internal.address = address;
    flow.payload.ui.nodes = linkEmailNodes(flow.csrf_token, address);
    addFlowMessage(flow.payload.ui, uiText(MessageId.recoveryLinkSent));
  },
  async sendTo(deps, tx, { flow, identity, address, locale }) {
    const url = await createLinkToken(deps, tx, {
      kind: "recovery_link",
      flowId: flow.id,
      address,
      identityId: identity.id,
    });
    await enqueueEmail(tx, {
      templateType: "recovery_valid",
      to: address,
      locale,
      model: { url, expiresInMinutes: linkLifespanMinutes(deps) },
    });
  },
  submit: submitRecoveryLink,
  openLink: useRecoveryToken,
};

async function submitRecoveryLink(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  // Same answer (1060002) whether or not the address belongs to an account.
  flow.payload.active = "link";
  return requestRecoveryEmail(ctx, flow, body, linkRecovery, (e) =>
    linkEmailNodes(flow.csrf_token, e),
  );
}

/** The link from the email, opened in a browser. */
async function useRecoveryToken(ctx: Ctx, flow: Flow, token: string): Promise<void> {
  const { deps } = ctx;
  ctx.json = false;
  const match = await useLinkToken(deps, { kind: "recovery_link", flowId: flow.id, token });
  const identity = match?.identity_id
    ? await deps.persistence.identities.getIdentity(match.identity_id)
    : undefined;
  if (!match || !identity || identity.state !== "active") {
    // Kratos starts over with a fresh flow that says why (4060004). The link may open in a
    // browser without our CSRF cookie: set one, so the new flow can be read there.
    rotateCsrfSecret(ctx.request, ctx.reply, deps.config);
    const fresh = await recoveryFlow.recreate(ctx, flow);
    addFlowMessage(fresh.payload.ui, uiText(MessageId.invalidRecoveryLink));
    await deps.persistence.flows.updateFlow(fresh);
    return redirect(ctx.reply, uiUrl(deps, "recovery", fresh.id));
  }
  await completeRecovery(ctx, flow, identity, { address: match.address, method: "link_recovery" });
}
