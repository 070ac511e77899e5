import type { KratosMessageId } from "@moos/contract";
import type { Deps } from "../deps/deps.ts";
import type { Answer } from "../http/answer.ts";
import type { Body } from "../http/body.ts";
import type { BodySchema } from "../http/body-schema.ts";
import type { Ctx } from "../http/context.ts";
import type { Flow, FlowKind, FlowType } from "./flow.ts";

/** A submit as the flow receives it: the body as sent, and the fields the flow itself reads. */
export interface Submit<Fields> {
  /** The whole body: the chosen method parses its own part (its BodySchema). */
  readonly body: Body;
  /** The flow's own fields (submitFields), parsed on the first call, where the flow reads them. */
  readonly fields: () => Fields;
}

/**
 * What each flow folder provides to the shared routes in flow-routes.ts. Init and submit return
 * the answer; the route writes it, once.
 */
export interface FlowKindModule<Fields = unknown> {
  kind: FlowKind;
  isEnabled(deps: Deps): boolean;
  /** GET /self-service/<kind>/browser and /api: session checks, creation, the answer. */
  init(ctx: Ctx, type: FlowType): Promise<Answer>;
  /** A fresh flow replacing an expired one, persisted, keeping return_to. */
  recreate(ctx: Ctx, expired: Flow): Promise<Flow>;
  /** The fields of a submit the flow reads itself: the method, a step, a code or link token. */
  submitFields(deps: Deps): BodySchema<Fields>;
  /** POST /self-service/<kind>?flow=: the flow is loaded, not expired, CSRF checked. */
  submit(ctx: Ctx, flow: Flow, submit: Submit<Fields>): Promise<Answer>;
  expiredMessageId: KratosMessageId;
  /** Checks done on GET /flows?id= besides CSRF (settings: the session must own the flow). */
  authorizeRead?(ctx: Ctx, flow: Flow): Promise<void>;
  /**
   * Whether a submit needs the CSRF check: not when it carries its own proof (a verification
   * code, or the token of an emailed link when a link method is the one in use).
   */
  needsCsrf?(fields: Fields, deps: Deps): boolean;
}
