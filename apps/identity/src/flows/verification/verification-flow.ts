import { MessageId } from "@moos/contract";
import type { Deps } from "../../deps/deps.ts";
import { localeOf } from "../../hooks/locale.ts";
import { acceptOAuth2Login } from "../../hooks/oauth2-login.ts";
import { type Answer, redirectAnswer } from "../../http/answer.ts";
import type { Body } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { rotateCsrfSecret } from "../../http/cookies.ts";
import { maskCsrfToken } from "../../http/csrf.ts";
import { kratosError } from "../../http/errors.ts";
import type { Identity } from "../../identity/identity.ts";
import { limitCodeEmails } from "../../limits/code-email-limit.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { addFlowMessage, resetMessages, setInputValue } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { addressStepBody, emailMethod, type LinkFields, linkTokenFields } from "../email-method.ts";
import type { Flow, FlowType } from "../flow.ts";
import { answerWithFlow, saveAndAnswerWithFlow } from "../flow-answer.ts";
import type { FlowKindModule } from "../flow-kind.ts";
import { newFlow, uiUrl } from "../new-flow.ts";
import { validateReturnTo } from "../return-to.ts";
import { submittedEmail } from "../submitted-email.ts";
import type { VerificationEmail, VerificationRestart, VerificationStrategy } from "./strategy.ts";
import { passedNodes } from "./ui.ts";

/** The strategy `selfservice.flows.verification.use` names; it serves every verification flow. */
function verificationStrategy(deps: Deps): VerificationStrategy {
  const method = emailMethod(deps, "verification");
  const strategy = deps.strategies.verification.find((s) => s.method === method);
  if (!strategy) throw new Error(`No verification strategy "${method}" is registered.`);
  return strategy;
}

export function createVerificationFlow(
  ctx: Ctx,
  type: FlowType,
  returnTo: string | undefined,
): Flow {
  const strategy = verificationStrategy(ctx.deps);
  return newFlow(ctx.deps, ctx.request, {
    kind: "verification",
    type,
    lifespanMs: ctx.deps.config.selfservice.flows.verification.lifespan,
    state: "choose_method",
    returnTo,
    nodes: (csrf) => strategy.emailNodes(csrf),
    fields: { active: strategy.method },
  });
}

/** The registration and settings hook: a flow already in sent_email with the email on its way. */
export async function startVerificationForAddress(
  ctx: Ctx,
  tx: Persistence,
  options: {
    type: FlowType;
    identity: Identity;
    address: string;
    returnTo?: string | undefined;
    locale: VerificationEmail["locale"];
  },
): Promise<Flow> {
  const flow = createVerificationFlow(ctx, options.type, options.returnTo);
  markSent(ctx, flow, options.address);
  await tx.flows.createFlow(flow);
  await verificationStrategy(ctx.deps).send(ctx, tx, { flow, ...options });
  return flow;
}

/**
 * The customer service's resend (docs/console.md#resending-an-email): a fresh code or link for a
 * flow waiting for one, in `tx`; the flow's earlier ones stop working and its tries start over.
 */
export async function resendVerification(
  ctx: Ctx,
  tx: Persistence,
  email: VerificationEmail,
): Promise<void> {
  await tx.codes.invalidateCodesOfFlow(email.flow.id, ctx.deps.now());
  markSent(ctx, email.flow, email.address);
  await tx.flows.updateFlow(email.flow);
  await verificationStrategy(ctx.deps).send(ctx, tx, email);
}

function markSent(ctx: Ctx, flow: Flow, address: string): void {
  const { nodes, message } = verificationStrategy(ctx.deps).sentForm(flow.csrf_token, address);
  flow.state = "sent_email";
  flow.internal.address = address;
  flow.internal.tries = 0;
  flow.payload.ui.nodes = nodes;
  resetMessages(flow.payload.ui);
  addFlowMessage(flow.payload.ui, message);
}

function returnUrl(ctx: Ctx, flow: Flow): string {
  const { verification } = ctx.deps.config.selfservice.flows;
  return (
    flow.payload.return_to ??
    verification.after.default_browser_return_url ??
    ctx.deps.config.selfservice.default_browser_return_url
  );
}

/** What the flow reads of every submit itself: a code, or the emailed link's token. */
const codeField = bodySchema(
  { code: "string" },
  { kratos: "updateVerificationFlowWithCodeMethod" },
);
type VerificationFields = BodyOf<{ code: "string" }> & LinkFields;

export const verificationFlow: FlowKindModule<VerificationFields> = {
  kind: "verification",
  expiredMessageId: MessageId.verificationFlowExpired,
  isEnabled: (deps) => deps.config.selfservice.flows.verification.enabled,
  submitFields: (deps) => {
    const link = linkTokenFields(deps, "verification");
    return {
      kratos: codeField.kratos,
      fields: { ...codeField.fields, ...link.fields },
      parse: (body) => ({ ...codeField.parse(body), ...link.parse(body) }),
    };
  },
  // Kratos checks CSRF on the email step only: a code or a link's token proves possession. Read
  // as submit reads them, so a body that skips the check never reaches the email step.
  needsCsrf: (fields) => !fields.code && fields.token === undefined,

  async init(ctx, type) {
    const returnTo = validateReturnTo(ctx.deps.config, query(ctx).return_to);
    const flow = createVerificationFlow(ctx, type, returnTo);
    await ctx.deps.persistence.flows.createFlow(flow);
    return answerWithFlow(ctx, flow);
  },

  async recreate(ctx, expired) {
    const flow = createVerificationFlow(ctx, expired.type, expired.payload.return_to);
    await ctx.deps.persistence.flows.createFlow(flow);
    return flow;
  },

  async submit(ctx, flow, { body, fields }) {
    const { deps } = ctx;
    const strategy = verificationStrategy(deps);
    const { code, token } = fields();
    if (token !== undefined && strategy.openLink)
      return openLink(ctx, flow, strategy.openLink, token);
    if (flow.state === "passed_challenge") return replaced(ctx, flow);
    // The link in the email opens this GET: fill in the code and show the form.
    if (ctx.request.method === "GET" && !ctx.json) {
      if (code && flow.state === "sent_email")
        setInputValue(flow.payload.ui, "code", code.slice(0, 6));
      rotateCsrfSecret(ctx.request, ctx.reply, deps.config);
      // The flow follows the rotated secret, so the browser that opened the link can use it.
      flow.csrf_token = maskCsrfToken(ctx.request.csrfSecret);
      await deps.persistence.flows.updateFlow(flow);
      return redirectAnswer(uiUrl(deps, "verification", flow.id));
    }
    resetMessages(flow.payload.ui);
    if (code) return checkCode(ctx, flow, code);
    return submitEmail(ctx, flow, body);
  },
};

/**
 * A code submit skips the CSRF check (the code is the proof, see needsCsrf), so it is always
 * checked as a code, whichever method emails, and never reaches the address step.
 */
async function checkCode(ctx: Ctx, flow: Flow, code: string): Promise<Answer> {
  const active = verificationStrategy(ctx.deps);
  const checker = active.checkCode
    ? active
    : ctx.deps.strategies.verification.find((s) => s.checkCode);
  if (!checker?.checkCode) throw new Error("No verification strategy checks codes.");
  const checked = await checker.checkCode(ctx, flow, code);
  const verdict =
    checked.result === "verified" && !(await completeVerification(ctx, flow, checked.proof))
      ? checked.spent
      : checked;
  switch (verdict.result) {
    case "verified":
      return answerWithFlow(ctx, flow, 200);
    case "refused":
      // A refused code counts against max_submissions; the form comes back without it.
      flow.internal.tries = (flow.internal.tries ?? 0) + 1;
      setInputValue(flow.payload.ui, "code", undefined);
      return saveAndAnswerWithFlow(ctx, flow, verdict.messages, { status: 200 });
    case "restart":
      return answerWithFlow(ctx, await restart(ctx, flow, verdict), 200);
  }
}

/** The emailed link, opened in a browser: every answer is a page for that browser. */
async function openLink(
  ctx: Ctx,
  flow: Flow,
  open: NonNullable<VerificationStrategy["openLink"]>,
  token: string,
): Promise<Answer> {
  const { deps } = ctx;
  ctx.json = false;
  // The link may open in a browser without our CSRF cookie: it gets one here.
  rotateCsrfSecret(ctx.request, ctx.reply, deps.config);
  const opened = await open(ctx, flow, token);
  // The flow follows the rotated secret, so this browser can still read it.
  flow.csrf_token = maskCsrfToken(ctx.request.csrfSecret);
  const verdict =
    opened.result === "verified" && !(await completeVerification(ctx, flow, opened.proof))
      ? opened.spent
      : opened;
  if (verdict.result !== "verified") {
    // Kratos starts over with a fresh flow that says why (4070001).
    const fresh = await restart(ctx, flow, verdict);
    return redirectAnswer(uiUrl(deps, "verification", fresh.id));
  }
  const after = deps.config.selfservice.flows.verification.after.default_browser_return_url;
  return redirectAnswer(after ?? uiUrl(deps, "verification", flow.id));
}

/** A fresh flow, stored, in place of `spent`, with the message that says why. */
async function restart(ctx: Ctx, spent: Flow, verdict: VerificationRestart): Promise<Flow> {
  const { deps } = ctx;
  const fresh = createVerificationFlow(ctx, spent.type, spent.payload.return_to);
  addFlowMessage(fresh.payload.ui, verdict.message);
  if (!verdict.invalidateCodes) {
    await deps.persistence.flows.createFlow(fresh);
    return fresh;
  }
  await deps.persistence.transaction(async (tx) => {
    await tx.codes.invalidateCodesOfFlow(spent.id, deps.now());
    await tx.flows.createFlow(fresh);
  });
  return fresh;
}

async function submitEmail(ctx: Ctx, flow: Flow, raw: Body): Promise<Answer> {
  const { deps } = ctx;
  const strategy = verificationStrategy(deps);
  const body = addressStepBody.parse(raw);
  const submitted = submittedEmail(body.email);
  if ("refused" in submitted) {
    flow.payload.ui.nodes = strategy.emailNodes(flow.csrf_token, submitted.typed);
    return saveAndAnswerWithFlow(ctx, flow, [submitted.refused], { status: 400 });
  }
  const { email } = submitted;
  await limitCodeEmails(deps, email);
  const identity = await deps.persistence.identities.findIdentityByVerifiableAddress(email);
  const locale = localeOf(ctx.request, body, identity);
  await deps.persistence.transaction(async (tx) => {
    await tx.codes.invalidateCodesOfFlow(flow.id, deps.now());
    markSent(ctx, flow, email);
    await tx.flows.updateFlow(flow);
    // Unknown or already verified addresses get the same answer and no email.
    const address = identity?.verifiable_addresses.find((a) => a.value === email);
    if (identity && address && !address.verified)
      await strategy.send(ctx, tx, { flow, identity, address: email, locale });
  });
  return answerWithFlow(ctx, flow);
}

/**
 * A code or link reached the address: it is verified and the flow passes (1080002). The
 * "continue" link goes to return_to, or, for the verification after a sign-up that an OAuth2
 * provider asked for, back to the provider with the login accepted (Kratos's verification
 * handler). The code (or link token) is used up in the same transaction as the rest, so a
 * request that fails half-way (the database crashed) leaves the code for the customer's retry.
 * Returns false, changing nothing, when the code was used meanwhile.
 */
export async function completeVerification(
  ctx: Ctx,
  flow: Flow,
  proof: { id: string; identity_id: string | null; address: string },
): Promise<boolean> {
  const { deps } = ctx;
  const { oauth2Login } = flow.internal;
  const target = oauth2Login ? await acceptOAuth2Login(deps, oauth2Login) : returnUrl(ctx, flow);
  return deps.persistence.transaction(async (tx) => {
    if (!(await tx.codes.useCode(proof.id, deps.now()))) return false;
    const identity = proof.identity_id
      ? await tx.identities.getIdentity(proof.identity_id)
      : undefined;
    const address = identity?.verifiable_addresses.find((a) => a.value === proof.address);
    if (identity && address) {
      Object.assign(address, {
        verified: true,
        status: "completed",
        verified_at: deps.now(),
        updated_at: deps.now(),
      });
      identity.updated_at = deps.now();
      await tx.identities.updateIdentity(identity);
    }
    flow.state = "passed_challenge";
    flow.payload.ui = {
      action: target,
      method: "GET",
      nodes: passedNodes(flow.csrf_token, target),
      messages: [uiText(MessageId.emailVerified)],
    };
    await tx.flows.updateFlow(flow);
    return true;
  });
}

async function replaced(ctx: Ctx, flow: Flow): Promise<Answer> {
  const fresh = createVerificationFlow(ctx, flow.type, flow.payload.return_to);
  await ctx.deps.persistence.flows.createFlow(fresh);
  if (!ctx.json) return answerWithFlow(ctx, fresh);
  throw kratosError("self_service_flow_replaced", "self-service flow replaced", {
    reason: "The flow was already completed; a new flow was started.",
    extras: { use_flow_id: fresh.id },
  });
}
