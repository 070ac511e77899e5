import type { KratosMessageId } from "@moos/contract";
import type { Deps } from "../deps/deps.ts";
import type { Body } from "../http/body.ts";
import type { Ctx } from "../http/context.ts";
import type { Flow, FlowKind, FlowType } from "./flow.ts";

/** What each flow folder provides to the shared routes in flow-routes.ts. */
export interface FlowKindModule {
  kind: FlowKind;
  isEnabled(deps: Deps): boolean;
  /** GET /self-service/<kind>/browser and /api: session checks, creation, response. */
  init(ctx: Ctx, type: FlowType): Promise<void>;
  /** A fresh flow replacing an expired one, persisted, keeping return_to. */
  recreate(ctx: Ctx, expired: Flow): Promise<Flow>;
  /** POST /self-service/<kind>?flow=: the flow is loaded, not expired, CSRF checked. */
  submit(ctx: Ctx, flow: Flow, body: Body): Promise<void>;
  expiredMessageId: KratosMessageId;
  /** Checks done on GET /flows?id= besides CSRF (settings: the session must own the flow). */
  authorizeRead?(ctx: Ctx, flow: Flow): Promise<void>;
  /**
   * Whether a submit body needs the CSRF check: not when it carries its own proof (a
   * verification code, or the token of an emailed link when a link method is the one in use).
   */
  needsCsrf?(body: Body, deps: Deps): boolean;
}
