import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { LoginStrategy, LoginVerdict } from "../../flows/login/strategy.ts";
import { identifierLabel } from "../../flows/login/ui.ts";
import { type FlowMessage, fieldMessage, formMessage } from "../../flows/verdict.ts";
import { addressJob } from "../../hooks/address-job.ts";
import { linkPendingCredentials } from "../../hooks/link-credentials.ts";
import { markAddressVerified } from "../../hooks/verified-address.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import { normaliseIdentifier } from "../../identity/identity.ts";
import { limitCodeEmails } from "../../limits/code-email-limit.ts";
import { enqueueJob } from "../../outbox/jobs/enqueue-job.ts";
import { csrfNode, inputNode, setInputValue, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { acceptSubmittedCode } from "./check-code.ts";
import { codeEntryNodes } from "./code-nodes.ts";
import { isPasswordlessCodeEnabled } from "./passwordless.ts";

// Passwordless sign-in by email code (Kratos's code strategy, login part). The first submit
// (`method=code` + identifier) emails a code and answers `sent_email`; the second (`code`)
// signs in. Unlike Kratos, which answers an unknown address with 4000035, every address gets
// the same `sent_email` answer and only a known one gets an email (docs/security.md#limits-and-lifespans-we-chose).

const maxIdentifierLength = 320;

const fields = {
  method: "string",
  resend: "string",
  identifier: "string",
  code: "string",
  transient_payload: "value",
} as const;
type CodeLoginBody = BodyOf<typeof fields>;

export const codeLogin: LoginStrategy<CodeLoginBody> = {
  method: "code",
  isEnabled: isPasswordlessCodeEnabled,
  isSubmit: (body) => body.method === "code",
  body: bodySchema(fields, { kratos: "updateLoginFlowWithCodeMethod" }),
  async submit(ctx, flow, body) {
    const resend = body.resend === "code";
    if (flow.state === "sent_email" && !resend) return verifyLoginCode(ctx, flow, body);
    return sendLoginCode(ctx, flow, body);
  },
};

async function sendLoginCode(
  ctx: RequestCtx,
  flow: Flow,
  body: CodeLoginBody,
): Promise<LoginVerdict> {
  const { deps } = ctx;
  const raw = body.identifier ?? flow.internal.address ?? "";
  const identifier = normaliseIdentifier(raw).slice(0, maxIdentifierLength);
  if (!identifier) {
    const missing = uiText(MessageId.missingProperty, { property: "identifier" });
    return { result: "refused", messages: [fieldMessage("identifier", missing)] };
  }
  await limitCodeEmails(deps, identifier);
  // Whether the address has an account is looked up by the job, off the request's path
  // (login-code-job.ts): this answer costs the same for every address.
  const round = (flow.internal.codeRound ?? 0) + 1;
  const job = addressJob(ctx.request, body, flow, identifier, round);
  flow.state = "sent_email";
  flow.internal.address = identifier;
  flow.internal.codeRound = round;
  flow.internal.tries = 0;
  flow.payload.ui.nodes = loginCodeNodes(ctx, flow.csrf_token, identifier);
  return {
    result: "next_step",
    messages: [formMessage(uiText(MessageId.loginCodeSent))],
    alsoInTransaction: async (tx) => {
      await tx.codes.invalidateCodesOfFlow(flow.id, deps.now());
      await enqueueJob(tx, { kind: "login_code_email", payload: { ...job } });
    },
  };
}

async function verifyLoginCode(
  ctx: RequestCtx,
  flow: Flow,
  body: CodeLoginBody,
): Promise<LoginVerdict> {
  const accepted = await acceptSubmittedCode(ctx, flow, body.code, {
    kind: "login",
    wrongCode: uiText(MessageId.invalidLoginCode),
  });
  if ("refused" in accepted) return refuse(flow, [accepted.refused]);
  const { code: match, identity } = accepted;
  if (!identity) return refuse(flow, []);
  if (identity.state !== "active")
    return refuse(flow, [formMessage(uiText(MessageId.accountDisabled))]);
  // After 4000027: only a sign-in to the account the social profile belongs to links it.
  if ((await linkPendingCredentials(ctx, flow, identity)) === "mismatch")
    return refuse(flow, [formMessage(uiText(MessageId.linkedCredentialsMismatch))]);
  // The code proves the customer reads this address.
  await markAddressVerified(ctx, identity, match.address);
  return { result: "signed_in", identity, factor: { method: "code" } };
}

function loginCodeNodes(ctx: RequestCtx, csrfToken: string, identifier: string): UiNode[] {
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

/** A refused code: the code field emptied, the flow still `sent_email`. */
function refuse(flow: Flow, messages: readonly FlowMessage[]): LoginVerdict {
  setInputValue(flow.payload.ui, "code", undefined);
  return { result: "refused", messages };
}
