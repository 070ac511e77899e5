import type { Deps } from "../../deps/deps.ts";
import type { Locale } from "../../hooks/locale.ts";
import type { BodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { UiText } from "../../ui/text.ts";
import type { Flow } from "../flow.ts";
import type { FlowMessage } from "../verdict.ts";

// What a recovery method gives the recovery flow (Kratos's recovery.Strategy): `code` or
// `link`, whichever `selfservice.flows.recovery.use` names. The flow runs the address step
// (request-recovery-email.ts) and answers; the method checks its proof and says what happened.
// strategies/<type>/recovery.ts implement it, registry.ts lists them.

export interface RecoveryEmail {
  flow: Flow;
  identity: Identity;
  address: string;
  locale: Locale;
}

/** What a recovery submit, or an opened link, came to. */
export type RecoveryVerdict =
  /** The address step: the flow emails the address (request-recovery-email.ts). */
  | { result: "address_step" }
  /** The code or link proved the address: the flow signs in and goes on to settings. */
  | {
      result: "recovered";
      identity: Identity;
      address: string;
      method: "code_recovery" | "link_recovery";
    }
  /** Refused: the messages on the form, answered 200 as Kratos answers a wrong recovery code. */
  | { result: "refused"; messages: readonly FlowMessage[] }
  /**
   * This flow can not go on: a fresh one starts and says why. `invalidateCodes`: the spent
   * flow's codes stop working in the same transaction.
   */
  | { result: "restart"; message: UiText; invalidateCodes?: boolean };

/** What an opened link comes to: recovered, or a fresh flow that says why not. */
export type OpenedLink = Extract<RecoveryVerdict, { result: "recovered" | "restart" }>;

export interface RecoveryStrategy<Parsed = unknown> {
  /** "code" or "link": the flow's `active` and the name `use` picks it by. */
  readonly method: string;
  /** The method's body (Kratos's updateRecoveryFlowWith<Method>Method), parsed once. */
  readonly body: BodySchema<Parsed>;
  /** The address form (filled in with what was typed when it is shown again). */
  emailNodes(csrfToken: string, email?: string): UiNode[];
  /**
   * The flow as it answers once an email is on its way to `address` (state sent_email, the
   * next step's nodes, the "we sent you an email" message), registered address or not.
   */
  markSent(flow: Flow, address: string): void;
  /** Writes the code or link and its email into the outbox, in the caller's transaction. */
  sendTo(deps: Deps, tx: Persistence, email: RecoveryEmail): Promise<void>;
  /** A submit of a flow made with this method (the address, the code): what it came to. */
  submit(ctx: RequestCtx, flow: Flow, body: Parsed): Promise<RecoveryVerdict>;
  /** Link methods: the emailed link (`token`), opened in any browser; it is its own proof. */
  openLink?(ctx: RequestCtx, flow: Flow, token: string): Promise<OpenedLink>;
}

declare module "../../deps/deps.ts" {
  interface Strategies {
    /** Recovery methods; the configured one serves every recovery flow. */
    recovery: readonly RecoveryStrategy[];
  }
}
