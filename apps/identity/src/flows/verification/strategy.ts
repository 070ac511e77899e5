import type { Locale } from "../../hooks/locale.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { UiText } from "../../ui/text.ts";
import type { Flow } from "../flow.ts";

// What a verification method gives the verification flow (Kratos's verification.Strategy):
// `code` or `link`, whichever `selfservice.flows.verification.use` names. The flow runs the
// address step and the states; the strategy sends its proof and checks it, ending in
// completeVerification. strategies/<type>/verification.ts implement it, registry.ts lists them.

/** One verification email: for this flow, to this address of this identity. */
export interface VerificationEmail {
  flow: Flow;
  identity: Identity;
  address: string;
  locale: Locale;
}

export interface VerificationStrategy {
  /** "code" or "link": the flow's `active` and the name `use` picks it by. */
  readonly method: string;
  /** The first step's form: the address (filled in with what was typed when shown again). */
  emailNodes(csrfToken: string, email?: string): UiNode[];
  /** The form once the email to `address` is on its way, and the message saying so. */
  sentForm(csrfToken: string, address: string): { nodes: UiNode[]; message: UiText };
  /** Writes a fresh code or link for the flow and its email into the outbox, in `tx`. */
  send(ctx: Ctx, tx: Persistence, email: VerificationEmail): Promise<void>;
  /** The link from the email was opened (`?token=`): verify and answer. Link only. */
  openLink?(ctx: Ctx, flow: Flow, token: string): Promise<void>;
  /** A code was submitted: check it and answer. Code only. */
  checkCode?(ctx: Ctx, flow: Flow, code: string): Promise<void>;
}

declare module "../../deps/deps.ts" {
  interface Strategies {
    /** Verification methods; the configured one serves every verification flow. */
    verification: readonly VerificationStrategy[];
  }
}
