// Passkey sign-in on the login screen's email step: the button, and the email field offering
// passkeys in the browser's autofill.

import { expect } from "@playwright/test";
import { AppScreen } from "./app-screen.ts";

export class PasskeyLoginScreen extends AppScreen {
  async expectOffered(): Promise<void> {
    await expect(this.field(this.t.common.email)).toHaveAttribute(
      "autocomplete",
      "username webauthn",
    );
    await expect(this.button(this.t.kratos["1010021"])).toBeVisible();
  }

  async signIn(): Promise<void> {
    await this.button(this.t.kratos["1010021"]).click();
  }
}
