import type { Locale } from "../../hooks/locale.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { UiText } from "../../ui/text.ts";
import type { Flow } from "../flow.ts";
import type { FlowMessage } from "../verdict.ts";

// What a verification method gives the verification flow (Kratos's verification.Strategy):
// `code` or `link`, whichever `selfservice.flows.verification.use` names. The flow runs the
// address step, reads the code or the link's token and answers; the method sends its proof
// and checks it. strategies/<type>/verification.ts implement it, registry.ts lists them.

/** One verification email: for this flow, to this address of this identity. */
export interface VerificationEmail {
  flow: Flow;
  identity: Identity;
  address: string;
  locale: Locale;
}

/** Refused: the messages on the form, answered 200 as Kratos answers a wrong code. */
export interface VerificationRefusal {
  result: "refused";
  messages: readonly FlowMessage[];
}

/**
 * This flow can not go on: a fresh one starts and says why. `invalidateCodes`: the spent
 * flow's codes stop working in the same transaction.
 */
export interface VerificationRestart {
  result: "restart";
  message: UiText;
  invalidateCodes?: boolean;
}

/**
 * The proof (a code or a link's token, not used yet) reached the address: the flow uses it up
 * in the transaction that marks the address verified and passes (1080002), so a crash half-way
 * leaves it for the customer's retry. `spent`: what it comes to when it was used meanwhile.
 */
export interface VerificationProven<Spent = VerificationRefusal | VerificationRestart> {
  result: "verified";
  proof: { id: string; identity_id: string | null; address: string };
  spent: Spent;
}

/** What a code, or an opened link, came to. */
export type VerificationVerdict = VerificationProven | VerificationRefusal | VerificationRestart;

export interface VerificationStrategy {
  /** "code" or "link": the flow's `active` and the name `use` picks it by. */
  readonly method: string;
  /** The first step's form: the address (filled in with what was typed when shown again). */
  emailNodes(csrfToken: string, email?: string): UiNode[];
  /** The form once the email to `address` is on its way, and the message saying so. */
  sentForm(csrfToken: string, address: string): { nodes: UiNode[]; message: UiText };
  /** Writes a fresh code or link for the flow and its email into the outbox, in `tx`. */
  send(ctx: RequestCtx, tx: Persistence, email: VerificationEmail): Promise<void>;
  /** The link from the email was opened (`?token=`): what it proves. Link only. */
  openLink?(
    ctx: RequestCtx,
    flow: Flow,
    token: string,
  ): Promise<VerificationProven<VerificationRestart> | VerificationRestart>;
  /** A code was submitted: what it proves. Code only. */
  checkCode?(ctx: RequestCtx, flow: Flow, code: string): Promise<VerificationVerdict>;
}

declare module "../../deps/deps.ts" {
  interface Strategies {
    /** Verification methods; the configured one serves every verification flow. */
    verification: readonly VerificationStrategy[];
  }
}
