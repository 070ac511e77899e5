import type { Strategies } from "../deps/deps.ts";
import { codeLogin } from "../strategies/code/login.ts";
import { codeRecovery } from "../strategies/code/recovery.ts";
import { codeRegistration } from "../strategies/code/registration.ts";
import { codeVerification } from "../strategies/code/verification.ts";
import { linkRecovery } from "../strategies/link/recovery.ts";
import { linkVerification } from "../strategies/link/verification.ts";
import { lookupSecretLogin } from "../strategies/lookup-secret/login.ts";
import { lookupSecretSettings } from "../strategies/lookup-secret/settings.ts";
import { oidcSettings } from "../strategies/oidc/settings.ts";
import { oidcSocial } from "../strategies/oidc/social.ts";
import { oidcLogin, oidcRegistration } from "../strategies/oidc/submit.ts";
import { passkeyLogin } from "../strategies/passkey/login.ts";
import { passkeyRegistration } from "../strategies/passkey/registration.ts";
import { passkeySettings } from "../strategies/passkey/settings.ts";
import { passkeyUpgradeSettings } from "../strategies/passkey/upgrade.ts";
import { passwordLogin } from "../strategies/password/login.ts";
import { passwordRegistration } from "../strategies/password/registration.ts";
import { passwordSettings } from "../strategies/password/settings.ts";
import { emailChangeSettings } from "../strategies/profile/email-change.ts";
import { profileSettings } from "../strategies/profile/settings.ts";
import { totpLogin } from "../strategies/totp/login.ts";
import { totpSettings } from "../strategies/totp/settings.ts";
import { webauthnLogin } from "../strategies/webauthn/login.ts";
import { webauthnSettings } from "../strategies/webauthn/settings.ts";

// Part of the composition root: which strategy serves which flow, and in what order. Flows
// declare the interfaces (flows/<flow>/strategy.ts, session/aal.ts) and read these lists
// from deps.strategies; nothing else imports a strategy. Each list skips what the
// configuration turns off (isEnabled), so every method is listed here whatever the config.
//
// Order matters twice: a submit goes to the first strategy that claims it, and form nodes
// appear in list order (second factors, then passkeys, in settings).

/** Second factors, as the session counts them and as the login aal2 step offers them. */
const secondFactors = [totpLogin, lookupSecretLogin, webauthnLogin] as const;

export function selfServiceStrategies(): Strategies {
  return {
    login: [passwordLogin, passkeyLogin, codeLogin, oidcLogin],
    loginSecondFactors: secondFactors,
    secondFactors,
    registration: [passwordRegistration, oidcRegistration, codeRegistration, passkeyRegistration],
    settings: [
      // First: its submits (confirm, resend, cancel) carry no `method`, and its nodes follow
      // the profile form they belong to.
      emailChangeSettings,
      totpSettings,
      lookupSecretSettings,
      webauthnSettings,
      // Before Kratos's passkey method: the automatic upgrade's and the offer's submits (ours).
      passkeyUpgradeSettings,
      passkeySettings,
      profileSettings,
      passwordSettings,
      oidcSettings,
    ],
    recovery: [codeRecovery, linkRecovery],
    verification: [codeVerification, linkVerification],
    social: oidcSocial,
  };
}
