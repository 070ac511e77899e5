import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import { uiUrl } from "../../flows/new-flow.ts";
import type { VerificationEmail, VerificationStrategy } from "../../flows/verification/strategy.ts";
import {
  completeVerification,
  createVerificationFlow,
} from "../../flows/verification/verification-flow.ts";
import type { Ctx } from "../../http/context.ts";
import { rotateCsrfSecret } from "../../http/cookies.ts";
import { maskCsrfToken } from "../../http/csrf.ts";
import { redirect } from "../../http/respond.ts";
import { enqueueEmail } from "../../outbox/email/enqueue-email.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { addFlowMessage } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { linkEmailNodes } from "./link-nodes.ts";
import { createLinkToken, findLinkToken, linkLifespanMinutes } from "./link-token.ts";

// Verification by link (`selfservice.flows.verification.use: link`): the email carries
// `<public>/self-service/verification?flow=<id>&token=<token>`; opening it verifies the address
// and shows the flow in `passed_challenge`, as a correct code does.

export const linkVerification: VerificationStrategy = {
  method: "link",
  emailNodes: (csrfToken, email) => linkEmailNodes(csrfToken, email),
  // After sending, the same form stays, filled in, so another email can be asked for.
  sentForm: (csrfToken, address) => ({
    nodes: linkEmailNodes(csrfToken, address),
    message: uiText(MessageId.verificationLinkSent),
  }),
  send: sendVerificationLink,
  openLink: useVerificationToken,
};

/** Writes a new link for the flow into the outbox, in the caller's transaction. */
async function sendVerificationLink(
  ctx: Ctx,
  tx: Persistence,
  options: VerificationEmail,
): Promise<void> {
  const { deps } = ctx;
  const url = await createLinkToken(deps, tx, {
    kind: "verification_link",
    flowId: options.flow.id,
    address: options.address,
    identityId: options.identity.id,
  });
  await enqueueEmail(tx, {
    templateType: "verification_valid",
    to: options.address,
    locale: options.locale,
    model: { url, expiresInMinutes: linkLifespanMinutes(deps) },
  });
}

/** The link from the email, opened in a browser. */
async function useVerificationToken(ctx: Ctx, flow: Flow, token: string): Promise<void> {
  const { deps } = ctx;
  ctx.json = false;
  const match = await findLinkToken(deps, { kind: "verification_link", flowId: flow.id, token });
  rotateCsrfSecret(ctx.request, ctx.reply, deps.config);
  // The flow follows the rotated secret, so this browser can still read it.
  flow.csrf_token = maskCsrfToken(ctx.request.csrfSecret);
  if (!match || !(await completeVerification(ctx, flow, match))) {
    // Kratos starts over with a fresh flow that says why (4070001).
    const fresh = createVerificationFlow(ctx, flow.type, flow.payload.return_to);
    addFlowMessage(fresh.payload.ui, uiText(MessageId.invalidVerificationLink));
    await deps.persistence.flows.createFlow(fresh);
    return redirect(ctx.reply, uiUrl(deps, "verification", fresh.id));
  }
  const after = deps.config.selfservice.flows.verification.after.default_browser_return_url;
  redirect(ctx.reply, after ?? uiUrl(deps, "verification", flow.id));
}
