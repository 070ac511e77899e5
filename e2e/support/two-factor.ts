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

/** An authenticator app holding `secret` (base32, as shown for typing in by hand). */
export class AuthenticatorApp {
  private readonly totp: TOTP;
  private readonly used = new Set<string>();

  constructor(secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, "")) });
  }

  /**
   * A code not handed out before: each code is accepted once, so a second sign-in within the
   * same 30 seconds waits for the app's next code, as a person would.
   */
  async nextCode(): Promise<string> {
    for (;;) {
      const code = this.totp.generate();
      if (!this.used.has(code)) {
        this.used.add(code);
        return code;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
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
  /**
   * Puts a passkey for this site into the authenticator that no account knows (as one left over
   * from a deleted account would be): signing in with it is refused by the identity service.
   */
  addUnknownPasskey(): Promise<void>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
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
