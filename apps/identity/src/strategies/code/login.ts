import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import { completeLogin, issueLoginSession } from "../../flows/login/complete-login.ts";
import type { LoginStrategy } from "../../flows/login/strategy.ts";
import { identifierLabel } from "../../flows/login/ui.ts";
import { addressJob } from "../../hooks/address-job.ts";
import { linkPendingCredentials } from "../../hooks/link-credentials.ts";
import { markAddressVerified } from "../../hooks/verified-address.ts";
import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { respondWithFlow } from "../../http/respond.ts";
import { normaliseIdentifier } from "../../identity/identity.ts";
import { limitCodeEmails } from "../../limits/code-email-limit.ts";
import { enqueueJob } from "../../outbox/jobs/enqueue-job.ts";
import {
  addFieldMessage,
  addFlowMessage,
  csrfNode,
  inputNode,
  resetMessages,
  setInputValue,
  type UiNode,
} from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { acceptSubmittedCode } from "./check-code.ts";
import { codeEntryNodes } from "./code-nodes.ts";
import { isPasswordlessCodeEnabled } from "./passwordless.ts";

// Passwordless sign-in by email code (Kratos's code strategy, login part). The first submit
// (`method=code` + identifier) emails a code and answers `sent_email`; the second (`code`)
// signs in. Unlike Kratos, which answers an unknown address with 4000035, every address gets
// the same `sent_email` answer and only a known one gets an email (docs/security.md#limits-and-lifespans-we-chose).

const maxIdentifierLength = 320;

export const codeLogin: LoginStrategy = {
  method: "code",
  isEnabled: isPasswordlessCodeEnabled,
  isSubmit: (body) => optionalString(body, "method") === "code",
  submit: submitCodeLogin,
};

async function submitCodeLogin(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  resetMessages(flow.payload.ui);
  flow.payload.active = "code";
  const resend = optionalString(body, "resend") === "code";
  if (flow.state === "sent_email" && !resend) return verifyLoginCode(ctx, flow, body);
  return sendLoginCode(ctx, flow, body);
}

async function sendLoginCode(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  const { deps } = ctx;
  const raw = optionalString(body, "identifier") ?? flow.internal.address ?? "";
  const identifier = normaliseIdentifier(raw).slice(0, maxIdentifierLength);
  if (!identifier) {
    addFieldMessage(
      flow.payload.ui,
      "identifier",
      uiText(MessageId.missingProperty, { property: "identifier" }),
    );
    await deps.persistence.flows.updateFlow(flow);
    return respondWithFlow(ctx, flow, 400);
  }
  await limitCodeEmails(deps, identifier);
  // Whether the address has an account is looked up by the job, off the request's path
  // (login-code-job.ts): this answer costs the same for every address.
  const round = (flow.internal.codeRound ?? 0) + 1;
  const job = addressJob(ctx.request, body, flow, identifier, round);
  await deps.persistence.transaction(async (tx) => {
    await tx.codes.invalidateCodesOfFlow(flow.id, deps.now());
    flow.state = "sent_email";
    flow.internal.address = identifier;
    flow.internal.codeRound = round;
    flow.internal.tries = 0;
    flow.payload.ui.nodes = loginCodeNodes(ctx, flow.csrf_token, identifier);
    addFlowMessage(flow.payload.ui, uiText(MessageId.loginCodeSent));
    await tx.flows.updateFlow(flow);
    await enqueueJob(tx, { kind: "login_code_email", payload: { ...job } });
  });
  // Kratos answers this step with 400 and the flow; browsers go back to the login UI.
  await respondWithFlow(ctx, flow, 400);
}

async function verifyLoginCode(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  const accepted = await acceptSubmittedCode(ctx, flow, body, {
    kind: "login",
    wrongCode: uiText(MessageId.invalidLoginCode),
  });
  if (!accepted?.identity) return answer(ctx, flow);
  const { code: match, identity } = accepted;
  if (identity.state !== "active") {
    addFlowMessage(flow.payload.ui, uiText(MessageId.accountDisabled));
    return answer(ctx, flow);
  }
  // After 4000027: only a sign-in to the account the social profile belongs to links it.
  if ((await linkPendingCredentials(ctx, flow, identity)) === "mismatch") {
    addFlowMessage(flow.payload.ui, uiText(MessageId.linkedCredentialsMismatch));
    return answer(ctx, flow);
  }
  // The code proves the customer reads this address.
  await markAddressVerified(ctx, identity, match.address);
  const issued = await issueLoginSession(ctx, flow, identity, { method: "code" });
  await completeLogin(ctx, flow, { identity, issued });
}

function loginCodeNodes(ctx: Ctx, csrfToken: string, identifier: string): UiNode[] {
  return [
    csrfNode(csrfToken),
    inputNode({
      group: "default",
      name: "identifier",
      type: "hidden",
      value: identifier,
      required: true,
      label: identifierLabel(ctx.deps),
    }),
    ...codeEntryNodes(MessageId.loginCode),
  ];
}

/** A failed code submit: 400 with the flow, the code field emptied, still `sent_email`. */
async function answer(ctx: Ctx, flow: Flow): Promise<void> {
  setInputValue(flow.payload.ui, "code", undefined);
  await ctx.deps.persistence.flows.updateFlow(flow);
  await respondWithFlow(ctx, flow, 400);
}
