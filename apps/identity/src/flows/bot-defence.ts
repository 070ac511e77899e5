import { MessageId } from "@moos/contract";
import type { Body } from "../http/body.ts";
import { isPlainObject } from "../http/body.ts";
import { bodySchema } from "../http/body-schema.ts";
import type { RequestCtx } from "../http/context.ts";
import { noteBotRefusal, noteChallenge } from "../http/request-outcome.ts";
import { disposableDomainOf } from "../identity/disposable-email.ts";
import { normaliseIdentifier } from "../identity/identity.ts";
import { mailboxOf } from "../identity/mailbox.ts";
import { traitValue } from "../identity/traits.ts";
import { issueChallenge, verifyChallenge } from "../limits/challenge.ts";
import { recordFailedSignIn } from "../limits/failed-sign-ins.ts";
import { networkOf } from "../limits/network.ts";
import { type Risk, riskOf } from "../limits/risk-level.ts";
import { countNoScriptWait, countSubmit, peekRisk, type RiskFlow } from "../limits/risk-signals.ts";
import { addFlowMessage, setInputValue } from "../ui/nodes.ts";
import { type UiText, uiText } from "../ui/text.ts";
import type { Flow } from "./flow.ts";
import { type FlowMessage, fieldMessage } from "./verdict.ts";

// The bot defence in a login or registration flow (docs/security.md#bot-defence). Below every
// threshold nothing changes. Above one, the flow carries a proof of work (ui nodes of group
// `captcha`) whose level grows with the risk, and each submit must bring a fresh solution;
// where the risk is overwhelming the submit is refused. A flow started at risk carries its
// challenge from the start, so a browser solves it while the customer types; a risk that rose
// since the flow started asks for one on the next submit.
//
// Without a solution (a browser without JavaScript) a browser flow that carried a challenge
// waits on the server instead (`challenge.no_script.wait` per level) and goes on: a real person
// gets through without any puzzle (WCAG 2.2 3.3.8). A network gets a few such waits per window;
// past them, and on API flows (apps always run code), a submit without a solution is refused.

/** Refused: the flow puts these messages on its form (verdict.ts) and answers 400. */
export interface BotRefusal {
  readonly result: "refused";
  readonly messages: readonly FlowMessage[];
}

/** What a submit meets: it goes on, or it is refused (with a fresh challenge, where one helps). */
export type BotGate = { readonly result: "pass" } | BotRefusal;

const pass: BotGate = { result: "pass" };

function refused(text: UiText, field?: string): BotRefusal {
  return { result: "refused", messages: [fieldMessage(field, text)] };
}

/**
 * The fields of a submit the defence reads, whatever the method (docs/protocol.md#submit-bodies):
 * what it names (`identifier`, `traits`) and the solver's payload in `transient_payload`.
 */
const gateFields = bodySchema({
  method: "string",
  identifier: "string",
  traits: "value",
  transient_payload: "value",
});
type GateFields = ReturnType<typeof gateFields.parse>;

/** At a flow's start: a challenge on it when its client's address or network is at risk. */
export async function challengeAtStart(ctx: RequestCtx, flow: Flow, kind: RiskFlow): Promise<void> {
  const { deps } = ctx;
  if (!deps.config.bot_defence.enabled) return;
  const counts = await peekRisk(deps, { flow: kind, ip: ctx.request.ip });
  const risk = riskOf(counts, kind, deps.config.bot_defence);
  // Refused already: said before anyone types in vain (the submit says it again).
  if (risk.action === "refuse") addFlowMessage(flow.payload.ui, uiText(MessageId.tooManyAttempts));
  else if (risk.action === "challenge") await attachChallenge(ctx, flow, risk.level);
}

export interface GuardedSubmit {
  readonly kind: RiskFlow;
  /** What the submit names: the email (registration) or the identifier (login), if any. */
  readonly target?: string | undefined;
  /** The submit's body as the defence reads it, parsed once by the guard that counts it. */
  readonly fields: GateFields;
}

/** Counts a submit and decides whether it may go on. */
export async function guardSubmit(
  ctx: RequestCtx,
  flow: Flow,
  submit: GuardedSubmit,
): Promise<BotGate> {
  const { deps } = ctx;
  const config = deps.config.bot_defence;
  if (!config.enabled) return pass;
  const target = submit.target
    ? mailboxOf(submit.target, deps.config.email_addresses.subaddress_domains)
    : undefined;
  const counts = await countSubmit(deps, { flow: submit.kind, ip: ctx.request.ip, target });
  const risk = riskOf(counts, submit.kind, config);
  if (risk.action === "none") return pass;
  if (risk.action === "refuse") return refuse(ctx, submit, risk.signal, counts);
  const pending = flow.internal.challenge;
  const verdict = await verifyChallenge(deps, {
    flowId: flow.id,
    pending,
    response: responseOf(submit.fields),
  });
  // Whatever the verdict, the next submit needs a fresh solution.
  await attachChallenge(ctx, flow, risk.level);
  switch (verdict) {
    case "solved":
      noteChallenge(ctx.request, "solved");
      return pass;
    case "missing":
      // A browser that had a challenge to solve and sent none runs no JavaScript.
      if (pending && flow.type === "browser") {
        const surge = submit.kind === "registration" && counts.shopWide.surge;
        return waitInstead(ctx, submit, { level: risk.level, surge });
      }
      return refused(uiText(MessageId.completeCaptcha));
    default:
      noteChallenge(ctx.request, "failed");
      ctx.request.log.info({ bot_defence: { challenge: verdict } }, "challenge not solved");
      if (submit.kind === "login" && submit.target)
        await recordFailedSignIn(deps, ctx.request, normaliseIdentifier(submit.target));
      return refused(uiText(MessageId.captchaFailed));
  }
}

/**
 * A browser without JavaScript: waits instead of solving, while its network has waits left
 * (fewer during a surge: a wave of scripts that run no JavaScript would pass through them).
 */
async function waitInstead(
  ctx: RequestCtx,
  submit: GuardedSubmit,
  at: { readonly level: number; readonly surge: boolean },
): Promise<BotGate> {
  const { challenge, surge } = ctx.deps.config.bot_defence;
  const allowed = at.surge ? surge.no_script_waits : challenge.no_script.max_per_network;
  const waits = await countNoScriptWait(ctx.deps, ctx.request.ip);
  if (waits > allowed) return refuse(ctx, submit, "no_script");
  noteChallenge(ctx.request, "waited");
  await new Promise((resolve) => setTimeout(resolve, challenge.no_script.wait * at.level));
  return pass;
}

async function refuse(
  ctx: RequestCtx,
  submit: GuardedSubmit,
  reason: Exclude<Risk, { action: "none" }>["signal"] | "no_script",
  counts?: object,
): Promise<BotGate> {
  noteBotRefusal(ctx.request, reason);
  // The network, never the address or what was typed: enough to see a wave in the logs.
  ctx.request.log.warn(
    {
      bot_defence: {
        refused: reason,
        flow: submit.kind,
        network: networkOf(ctx.request.ip),
        counts,
      },
    },
    "bot defence refused a submit",
  );
  if (submit.kind === "login" && submit.target)
    await recordFailedSignIn(ctx.deps, ctx.request, normaliseIdentifier(submit.target));
  return refused(uiText(MessageId.tooManyAttempts));
}

async function attachChallenge(ctx: RequestCtx, flow: Flow, level: number): Promise<void> {
  const challenge = await issueChallenge(ctx.deps, { flowId: flow.id, level });
  flow.internal.challenge = JSON.stringify(challenge);
  noteChallenge(ctx.request, "issued");
}

/** The solver's payload: `transient_payload.captcha_altcha_response`, a string. */
function responseOf(fields: GateFields): string | undefined {
  const payload = fields.transient_payload;
  if (!isPlainObject(payload)) return undefined;
  const response = payload.captcha_altcha_response;
  return typeof response === "string" && response !== "" ? response : undefined;
}

/**
 * A sign-in's submit (first factor). The identifier-first step passes untouched: it checks no
 * credential (its answer is the same for every address), and the step after it, which does, is
 * guarded; so a browser that solved the flow's challenge spends its solution where it counts.
 */
export async function guardLogin(ctx: RequestCtx, flow: Flow, body: Body): Promise<BotGate> {
  const fields = gateFields.parse(body);
  if (fields.method === "identifier_first") return pass;
  const identifier = fields.identifier?.trim() ?? "";
  return guardSubmit(ctx, flow, { kind: "login", target: identifier || undefined, fields });
}

/** The schema's email trait: its first verifiable (or login) trait. */
function emailTrait(ctx: RequestCtx): { name: string; path: string[] } | undefined {
  const schema = ctx.deps.defaultSchema;
  return schema.verificationFields[0] ?? schema.passwordIdentifierFields[0];
}

/** The email a registration names, in the schema's email trait. */
function registrationTarget(ctx: RequestCtx, { traits }: GateFields): string | undefined {
  const field = emailTrait(ctx);
  if (!field || !isPlainObject(traits)) return;
  const value = traitValue(traits, field.path);
  return typeof value === "string" && value.trim() ? value : undefined;
}

/**
 * A registration's submit: the bot defence, then the address (docs/security.md#no-throwaway-addresses):
 * an email at a throwaway domain is refused on its field.
 */
export async function guardRegistration(ctx: RequestCtx, flow: Flow, body: Body): Promise<BotGate> {
  const fields = gateFields.parse(body);
  const target = registrationTarget(ctx, fields);
  const gate = await guardSubmit(ctx, flow, { kind: "registration", target, fields });
  if (gate.result === "refused" || !target) return gate;
  return refuseThrowaway(ctx, target) ?? pass;
}

/**
 * The refusal of an address at a throwaway domain (registration, the email change), on the
 * email field; undefined for a lasting one.
 */
export function refuseThrowaway(
  ctx: RequestCtx,
  address: string,
  field = emailTrait(ctx)?.name,
): BotRefusal | undefined {
  const domain = disposableDomainOf(address, ctx.deps.config.email_addresses.disposable);
  if (!domain) return undefined;
  noteBotRefusal(ctx.request, "disposable_address");
  ctx.request.log.info(
    { bot_defence: { refused: "disposable_address", domain } },
    "throwaway address refused",
  );
  return refused(uiText(MessageId.disposableAddress, { domain }), field);
}

/** A refused submit keeps what was typed: each trait input takes the submitted value. */
export function keepSubmittedTraits(
  flow: Flow,
  body: Body,
  fields: readonly { name: string; path: string[] }[],
): void {
  const { traits } = gateFields.parse(body);
  if (!isPlainObject(traits)) return;
  for (const field of fields) {
    const value = traitValue(traits, field.path);
    if (value !== undefined) setInputValue(flow.payload.ui, field.name, value);
  }
}
