// What the two-factor journeys share: their screens, codes an authenticator app would show
// (otpauth, from the secret the settings screen shows), and Chromium's virtual authenticator.

import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { CodeLoginScreen } from "../screens/code-login-screen.ts";
import { PasskeyLoginScreen } from "../screens/passkey-login-screen.ts";
import { SecondFactorScreen } from "../screens/second-factor-screen.ts";
import { TwoFactorScreen } from "../screens/two-factor-screen.ts";
import { baseUrl, type Language } from "./languages.ts";

export interface TwoFactorScreens {
  readonly codeLogin: CodeLoginScreen;
  readonly passkeyLogin: PasskeyLoginScreen;
  readonly secondFactor: SecondFactorScreen;
  readonly twoFactor: TwoFactorScreen;
}

export function twoFactorScreens(
  page: Page,
  lang: Language,
  javaScriptEnabled: boolean,
): TwoFactorScreens {
  const context = { page, lang, javaScriptEnabled };
  return {
    codeLogin: new CodeLoginScreen(context),
    passkeyLogin: new PasskeyLoginScreen(context),
    secondFactor: new SecondFactorScreen(context),
    twoFactor: new TwoFactorScreen(context),
  };
}

/** TOTP's time step (RFC 6238 §4), as the identity service's keys have it. */
const PERIOD_MS = 30_000;

/** An authenticator app holding `secret` (base32, as shown for typing in by hand). */
export class AuthenticatorApp {
  private readonly totp: TOTP;
  private readonly usedSteps = new Set<number>();

  constructor(secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, "")) });
  }

  /**
   * A code of a time step not handed out before: each step's code is accepted once, so a second
   * sign-in within the same 30 seconds gets the next step's code, as an app whose clock runs up
   * to one step ahead shows it. The identity service accepts one step of drift either way
   * (RFC 6238 §5.2, apps/identity/src/strategies/totp/key.ts), so neither code waits for the
   * clock; the replay of a used step is refused in the contract tests (totp.test.ts).
   */
  async nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const step = this.totp.counter({ timestamp: now });
      const free = [step, step + 1].find((candidate) => !this.usedSteps.has(candidate));
      if (free !== undefined) {
        this.usedSteps.add(free);
        return this.totp.generate({ timestamp: free * PERIOD_MS });
      }
      // Two codes handed out in this step already: the next one is the step after it.
      await new Promise((resolve) => setTimeout(resolve, (step + 1) * PERIOD_MS - now));
    }
  }
}

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator with
 * resident keys and user verification that says yes, so passkeys work without a person.
 * While `present` is on it also answers the passkey autofill (conditional mediation) at once,
 * as a person picking the passkey from the email field's suggestions would.
 */
export interface VirtualAuthenticator {
  setPresent(present: boolean): Promise<void>;
  /** The passkeys it holds for this site, as the browser's Signal API left them. */
  passkeys(): Promise<StoredPasskey[]>;
  /** Puts passkeys back, as a password manager on another device that missed a signal has them. */
  restore(passkeys: readonly StoredPasskey[]): Promise<void>;
  /**
   * Puts a passkey for this site into the authenticator that no account knows (as one left over
   * from a deleted account would be): signing in with it is refused by the identity service.
   */
  addUnknownPasskey(): Promise<void>;
}

/** A passkey in the virtual authenticator (CDP's WebAuthn.Credential). */
export interface StoredPasskey {
  readonly credentialId: string;
  readonly isResidentCredential: boolean;
  readonly rpId?: string;
  readonly privateKey: string;
  readonly userHandle?: string;
  readonly signCount: number;
  readonly userName?: string;
  readonly userDisplayName?: string;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  // Chromium's virtual authenticator never answers a conditional create (the automatic passkey
  // upgrade waits until it gives up): pages are told this browser cannot make one that way, as
  // Firefox says. The upgrade's browser half is tested against a stub instead
  // (apps/web/src/flow-engine/webauthn/automatic-upgrade.test.ts).
  await page.addInitScript(() => {
    const PKC = window.PublicKeyCredential;
    const ask = PKC?.getClientCapabilities?.bind(PKC);
    if (!PKC || !ask) return;
    PKC.getClientCapabilities = async () => ({ ...(await ask()), conditionalCreate: false });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    passkeys: async () => {
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      return credentials.filter((credential) => credential.isResidentCredential);
    },
    restore: async (passkeys) => {
      for (const credential of passkeys) {
        await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
      }
    },
    setPresent: async (present) => {
      await cdp.send("WebAuthn.setAutomaticPresenceSimulation", {
        authenticatorId,
        enabled: present,
      });
    },
    addUnknownPasskey: async () => {
      const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      await cdp.send("WebAuthn.addCredential", {
        authenticatorId,
        credential: {
          credentialId: randomBytes(16).toString("base64"),
          isResidentCredential: true,
          rpId: new URL(baseUrl()).hostname,
          privateKey: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
          userHandle: randomBytes(16).toString("base64"),
          signCount: 0,
        },
      });
    },
  };
}
