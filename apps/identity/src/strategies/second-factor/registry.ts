import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Deps } from "../../http/deps.ts";
import type { Identity } from "../../identity/identity.ts";
import { lookupSecretStrategy } from "../lookup-secret/strategy.ts";
import { totpStrategy } from "../totp/strategy.ts";
import { webauthnStrategy } from "../webauthn/strategy.ts";
import type { SecondFactorStrategy } from "./strategy.ts";

// Every second factor the service knows, in the order their nodes appear. A function, not a
// constant, so strategy modules may import the session and flow helpers that consult it.
export function secondFactorStrategies(): readonly SecondFactorStrategy[] {
  return [totpStrategy, lookupSecretStrategy, webauthnStrategy];
}

export function enabledSecondFactors(deps: Deps): SecondFactorStrategy[] {
  return secondFactorStrategies().filter((s) => s.isEnabled(deps));
}

/** The enabled second factors this identity has set up. */
export function configuredSecondFactors(deps: Deps, identity: Identity): SecondFactorStrategy[] {
  return enabledSecondFactors(deps).filter((s) => s.isConfigured(identity));
}

/** The enabled strategy a login aal2 submit names by `method`. */
export function secondFactorForLogin(deps: Deps, body: Body): SecondFactorStrategy | undefined {
  const method = optionalString(body, "method");
  return enabledSecondFactors(deps).find((s) => s.method === method || s.isLoginSubmit?.(body));
}

/** The enabled strategy a settings submit belongs to. */
export function secondFactorForSettings(deps: Deps, body: Body): SecondFactorStrategy | undefined {
  return enabledSecondFactors(deps).find((s) => s.isSettingsSubmit(body));
}
