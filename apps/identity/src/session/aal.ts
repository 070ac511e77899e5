import type { Deps } from "../deps/deps.ts";
import type { Identity } from "../identity/identity.ts";
import type { Aal, AuthenticationMethod, Session } from "./session.ts";

// Authenticator assurance levels (NIST 800-63B, as Kratos counts them, docs/protocol.md#authenticator-assurance-levels): a
// session is aal2 once it holds an aal1 method (password, code, oidc, code_recovery, ...) and
// an aal2 method (totp, lookup_secret, webauthn); aal1 with a first factor alone.

export function sessionAal(methods: readonly AuthenticationMethod[]): Aal {
  const hasFirst = methods.some((m) => m.aal === "aal1");
  const hasSecond = methods.some((m) => m.aal === "aal2");
  if (hasFirst && hasSecond) return "aal2";
  return hasFirst ? "aal1" : "aal0";
}

/**
 * A second factor as the session counts it (Kratos's CountActiveMultiFactorCredentials): the
 * totp, lookup_secret and webauthn strategies implement it; registry.ts lists them.
 */
export interface SecondFactor {
  /** The session's amr entry: "totp", "lookup_secret", "webauthn". */
  readonly method: string;
  isEnabled(deps: Deps): boolean;
  /** The identity has this factor set up: it then counts for `highest_available`. */
  isConfigured(identity: Identity): boolean;
}

declare module "../deps/deps.ts" {
  interface Strategies {
    /** Every second factor the service knows, enabled or not. */
    secondFactors: readonly SecondFactor[];
  }
}

/** The enabled second factors this identity has set up. */
export function configuredSecondFactors<T extends SecondFactor>(
  deps: Deps,
  identity: Identity,
  factors: readonly T[],
): T[] {
  return factors.filter((f) => f.isEnabled(deps) && f.isConfigured(identity));
}

/** The highest level this identity can reach: aal2 once an enabled second factor is set up. */
export function availableAal(deps: Deps, identity: Identity): Aal {
  return configuredSecondFactors(deps, identity, deps.strategies.secondFactors).length > 0
    ? "aal2"
    : "aal1";
}

/**
 * Records a completed second factor on the session (login aal2 step, or setting a factor up
 * in settings, which proves it as Kratos counts it) and raises the session's level.
 */
export async function completeSecondFactor(
  deps: Deps,
  session: Session,
  method: SecondFactor["method"],
): Promise<void> {
  session.authentication_methods = [
    ...session.authentication_methods,
    { method, aal: "aal2", completed_at: deps.now().toISOString() },
  ];
  session.aal = sessionAal(session.authentication_methods);
  await deps.persistence.sessions.updateSession(session);
}
