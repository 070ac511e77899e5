import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { OpenedLink, RecoveryStrategy } from "../../flows/recovery/strategy.ts";
import { bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enqueueEmail } from "../../outbox/email/enqueue-email.ts";
import { addFlowMessage } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { linkEmailNodes } from "./link-nodes.ts";
import { createLinkToken, linkLifespanMinutes, useLinkToken } from "./link-token.ts";

// Recovery by link (`selfservice.flows.recovery.use: link`): the email carries
// `<public>/self-service/recovery?flow=<id>&token=<token>`; opening it signs the customer in
// with a privileged session and sends the browser to settings, as a correct code does.

export const linkRecovery: RecoveryStrategy<unknown> = {
  method: "link",
  // The address step is the flow's (request-recovery-email.ts); the link needs nothing else.
  body: bodySchema({}, { kratos: "updateRecoveryFlowWithLinkMethod" }),
  emailNodes: (csrfToken, email) => linkEmailNodes(csrfToken, email),
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
  async submit(_ctx, flow) {
    // Same answer (1060002) whether or not the address belongs to an account.
    flow.payload.active = "link";
    return { result: "address_step" };
  },
  openLink: useRecoveryToken,
};

/** The link from the email, opened in a browser. */
async function useRecoveryToken(ctx: RequestCtx, flow: Flow, token: string): Promise<OpenedLink> {
  const { deps } = ctx;
  const match = await useLinkToken(deps, { kind: "recovery_link", flowId: flow.id, token });
  const identity = match?.identity_id
    ? await deps.persistence.identities.getIdentity(match.identity_id)
    : undefined;
  if (!match || !identity || identity.state !== "active")
    return { result: "restart", message: uiText(MessageId.invalidRecoveryLink) };
  return { result: "recovered", identity, address: match.address, method: "link_recovery" };
}
