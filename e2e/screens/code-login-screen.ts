// Passwordless login by email code: "Mit einem Code anmelden" on the password step, then the
// code step (`/login?flow=`, state sent_email) with the code and "send the code again".

import { expect } from "@playwright/test";
import { format } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class CodeLoginScreen extends AppScreen {
  /** On the login screen's password step: ask for a code instead. */
  async requestCode(): Promise<void> {
    await this.button(this.t.twoFactor.codeLogin.useCode).click();
  }

  async expectShown(email: string): Promise<void> {
    const { codeLogin } = this.t.twoFactor;
    await this.expectUrl("/login", { flow: true });
    await this.expectTitle(codeLogin.title);
    await expect(this.main.getByText(format(codeLogin.intro, { email }))).toBeVisible();
    await this.expectMessage("1010014");
  }

  async enterCode(code: string): Promise<void> {
    const { codeLogin } = this.t.twoFactor;
    await this.field(codeLogin.codeLabel).fill(code);
    await this.button(codeLogin.submit).click();
  }

  /** Waits for the answer, so that a code typed next goes to the form the answer shows. */
  async resendCode(): Promise<void> {
    const answered = this.page.waitForResponse(
      (response) => response.request().method() === "POST",
    );
    await this.button(this.t.common.resendCode).click();
    await answered;
    await expect(this.button(this.t.common.resendCode)).not.toHaveAttribute("aria-busy", "true");
  }

  /** 4010008: the code is wrong or was used. */
  async expectInvalidCode(): Promise<void> {
    await this.expectAlert(this.t.kratos["4010008"]);
  }
}
