import type { Deps } from "../../deps/deps.ts";
import type { Locale } from "../../hooks/locale.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { Flow } from "../flow.ts";

// What a recovery method gives the recovery flow (Kratos's recovery.Strategy): `code` or
// `link`, whichever `selfservice.flows.recovery.use` names. Both end in completeRecovery
// (complete-recovery.ts). strategies/<type>/recovery.ts implement it, registry.ts lists them.

export interface RecoveryEmail {
  flow: Flow;
  identity: Identity;
  address: string;
  locale: Locale;
}

export interface RecoveryStrategy {
  /** "code" or "link": the flow's `active` and the name `use` picks it by. */
  readonly method: string;
  /** The first step's form: the address to send the code or link to. */
  emailNodes(csrfToken: string): UiNode[];
  /**
   * The flow as it answers once an email is on its way to `address` (state sent_email, the
   * next step's nodes, the "we sent you an email" message), registered address or not.
   */
  markSent(flow: Flow, address: string): void;
  /** Writes the code or link and its email into the outbox, in the caller's transaction. */
  sendTo(deps: Deps, tx: Persistence, email: RecoveryEmail): Promise<void>;
  /** Runs the submits of a flow made with this method (the address, the code). */
  submit(ctx: Ctx, flow: Flow, body: Body): Promise<void>;
  /** Link methods: the emailed link (`token`), opened in any browser; it is its own proof. */
  openLink?(ctx: Ctx, flow: Flow, token: string): Promise<void>;
}

declare module "../../deps/deps.ts" {
  interface Strategies {
    /** Recovery methods; the configured one serves every recovery flow. */
    recovery: readonly RecoveryStrategy[];
  }
}
