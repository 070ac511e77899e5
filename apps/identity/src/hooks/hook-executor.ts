import type { Config, HookName } from "../config/config.ts";
import type { Ctx, RequestCtx } from "../http/context.ts";
import type { Identity } from "../identity/identity.ts";
import type { Session } from "../session/session.ts";
import {
  issueRegistrationSession,
  type RegistrationHookInput,
  rotateCsrfForSession,
  showVerificationUi,
} from "./registration-hooks.ts";
import { unverifiedAddress } from "./require-verified-address.ts";
import { revokeAllButRequestSession, revokeOtherSessions } from "./revoke-active-sessions.ts";

// The one place the configured hooks (`selfservice.flows.*.after.hooks`) run: a flow calls
// runHooks at each point below, and the hooks its configuration lists run there in their
// order, as Kratos runs them after a flow (https://www.ory.sh/docs/kratos/hooks/configure-hooks).
// One difference, on purpose: a login's hooks that may refuse the sign-in run at `loginCheck`,
// before anything is written, and those that change something at `login`, once the session
// exists, so a refused sign-in changes nothing. The config schema lets each list take only the
// hooks that act at its points (hook-executor.test.ts holds the two together).

/** What each point hands its hooks. */
export interface HookInputs {
  /** A password sign-in proved the account; nothing is written yet. */
  loginCheck: { identity: Identity; identifier: string | undefined };
  /** A first factor signed in: its session (new or refreshed) is issued. */
  login: { identity: Identity; session: Session };
  /** A sign-up's identity is about to be stored. */
  registrationBefore: { method: RegistrationHookInput["method"]; inBrowser: boolean };
  /** A sign-up's identity is stored; the hooks fill in the outcome. */
  registration: RegistrationHookInput;
  /** A settings change was saved by the session making the request. */
  settings: { identity: Identity; method: string };
  /** A recovery proved the address and issued its session. */
  recovery: { identity: Identity; session: Session };
}
export type HookPoint = keyof HookInputs;

/**
 * What a point's hooks see of the request: `loginCheck` runs inside a method's check, which
 * never answers, so its hooks get no reply; the others run where the flow completes.
 */
export type HookCtx<Point extends HookPoint> = Point extends "loginCheck" ? RequestCtx : Ctx;

/** A hook stopped the flow; the flow answers with why. */
export interface HookRefusal {
  refused: "address_not_verified";
  /** The address to verify first. */
  address: string;
}

type Action<Point extends HookPoint> = (
  ctx: HookCtx<Point>,
  input: HookInputs[Point],
) => Promise<HookRefusal | undefined> | HookRefusal | undefined;

/** What each hook does at the points where it acts. */
export const hookActions: {
  readonly [Hook in HookName]: { readonly [Point in HookPoint]?: Action<Point> };
} = {
  session: { registrationBefore: rotateCsrfForSession, registration: issueRegistrationSession },
  show_verification_ui: { registration: showVerificationUi },
  require_verified_address: {
    loginCheck: (_ctx, { identity, identifier }) => {
      const address = unverifiedAddress(identity, identifier);
      return address ? { refused: "address_not_verified", address } : undefined;
    },
  },
  revoke_active_sessions: {
    login: async (ctx, { identity, session }) => {
      await revokeOtherSessions(ctx, identity.id, session.id);
      return undefined;
    },
    settings: async (ctx, { identity }) => {
      await revokeAllButRequestSession(ctx, identity.id);
      return undefined;
    },
    recovery: async (ctx, { identity, session }) => {
      await revokeOtherSessions(ctx, identity.id, session.id);
      return undefined;
    },
  },
};

/** The configuration's list for a point; `method` picks registration's and settings' list. */
export function configuredHooks(
  config: Readonly<Config>,
  point: HookPoint,
  method: string | undefined,
): readonly { hook: HookName }[] {
  const flows = config.selfservice.flows;
  switch (point) {
    case "loginCheck":
    case "login":
      return flows.login.after.hooks;
    case "registrationBefore":
    case "registration": {
      const after = flows.registration.after;
      return method === "password" || method === "oidc" || method === "code" || method === "passkey"
        ? after[method].hooks
        : [];
    }
    case "settings":
      return method === "password" ? flows.settings.after.password.hooks : [];
    case "recovery":
      return flows.recovery.after.hooks;
  }
}

/**
 * Runs the hooks configured for a point, in their order; a hook that refuses stops the rest.
 * A list's hook that acts at another of the list's points (`session` stores at `registration`,
 * not at `registrationBefore`) is passed over here.
 */
export async function runHooks<Point extends HookPoint>(
  ctx: HookCtx<Point>,
  point: Point,
  input: HookInputs[Point],
): Promise<HookRefusal | undefined> {
  const method = "method" in input ? input.method : undefined;
  for (const { hook } of configuredHooks(ctx.deps.config, point, method)) {
    const action: Action<Point> | undefined = hookActions[hook][point];
    const refusal = await action?.(ctx, input);
    if (refusal) return refusal;
  }
  return undefined;
}
