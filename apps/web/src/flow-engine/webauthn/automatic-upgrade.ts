// The automatic passkey upgrade's browser half (docs/sign-in-methods.md#from-password-to-passkey):
// right after a password sign-in, where the browser says it can (getClientCapabilities'
// conditionalCreate), ask the password manager for a passkey with `mediation: "conditional"`
// (SimpleWebAuthn's startRegistration with useAutoRegister). The browser shows no dialog; the
// password manager makes the passkey only when it has just filled in this account's password.
// Whatever happens, nothing is shown and nothing throws: the customer is signing in, and a
// passkey that was not made is the normal case on most browsers.

import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { canCreatePasskeyAutomatically } from "./passkey-capabilities";

/** The settings flow's upgrade ceremony: where to post the passkey, and its options. */
export interface UpgradeCeremony {
  readonly flowId: string;
  readonly csrfToken: string;
  readonly options: PublicKeyCredentialCreationOptionsJSON;
}

/** The two calls to the identity service (server actions of the screen that uses this). */
export interface UpgradeSteps {
  /** A settings flow's `passkey_upgrade_data`; undefined when the account is not offered one. */
  readonly begin: () => Promise<UpgradeCeremony | undefined>;
  /** Posts the new passkey (`passkey_upgrade_register`); true when the account took it. */
  readonly finish: (ceremony: UpgradeCeremony, response: string) => Promise<boolean>;
}

/**
 * A password manager that answers at all answers at once (it either makes the passkey or
 * refuses); one that has not answered by then is given up on, so the sign-in goes on.
 */
export const UPGRADE_WAIT_MS = 6000;

/** True when a passkey was made and the account took it. */
export async function upgradeToPasskey(
  steps: UpgradeSteps,
  options: { waitMs?: number } = {},
): Promise<boolean> {
  try {
    if (!(await canCreatePasskeyAutomatically())) return false;
    const ceremony = await steps.begin();
    if (!ceremony) return false;
    const { startRegistration, WebAuthnAbortService } = await import("@simplewebauthn/browser");
    const timer = setTimeout(
      () => WebAuthnAbortService.cancelCeremony(),
      options.waitMs ?? UPGRADE_WAIT_MS,
    );
    try {
      const response = await startRegistration({
        optionsJSON: ceremony.options,
        useAutoRegister: true,
      });
      return await steps.finish(ceremony, JSON.stringify(response));
    } finally {
      clearTimeout(timer);
    }
  } catch {
    return false;
  }
}
