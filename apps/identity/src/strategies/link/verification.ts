import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type {
  VerificationEmail,
  VerificationProven,
  VerificationRestart,
  VerificationStrategy,
} from "../../flows/verification/strategy.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enqueueEmail } from "../../outbox/email/enqueue-email.ts";
import type { Persistence } from "../../persistence/persistence.ts";
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
  ctx: RequestCtx,
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

/** The link from the email, opened in a browser: it proves the address, or it is spent. */
async function useVerificationToken(
  ctx: RequestCtx,
  flow: Flow,
  token: string,
): Promise<VerificationProven<VerificationRestart> | VerificationRestart> {
  const match = await findLinkToken(ctx.deps, {
    kind: "verification_link",
    flowId: flow.id,
    token,
  });
  const spent: VerificationRestart = {
    result: "restart",
    message: uiText(MessageId.invalidVerificationLink),
  };
  if (!match) return spent;
  // The flow uses the token up in the transaction that verifies the address.
  return { result: "verified", proof: match, spent };
}
