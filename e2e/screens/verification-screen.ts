// `/verification`: the address (when not known yet), the code from the email, then done.

import { expect } from "@playwright/test";
import { format } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class VerificationScreen extends AppScreen {
  async expectEmailStep(): Promise<void> {
    await this.expectUrl("/verification", { flow: true });
    await this.expectTitle(this.t.verification.title);
    await expect(this.main.getByText(this.t.verification.emailIntro)).toBeVisible();
  }

  async requestCode(email: string): Promise<void> {
    await this.field(this.t.common.email).fill(email);
    await this.button(this.t.verification.sendCode).click();
  }

  /** The code step says which address the code went to. */
  async expectCodeStep(email: string): Promise<void> {
    await this.expectUrl("/verification", { flow: true });
    await this.expectTitle(this.t.verification.title);
    await expect(
      this.main.getByText(format(this.t.verification.codeIntro, { email }), { exact: true }),
    ).toBeVisible();
    await expect(this.field(this.t.common.verificationCode)).toBeVisible();
    await expect(this.button(this.t.common.resendCode)).toBeVisible();
  }

  async enterCode(code: string): Promise<void> {
    await this.field(this.t.common.verificationCode).fill(code);
    await this.button(this.t.verification.verify).click();
  }

  /**
   * Done: the title and intro say so, once; 1080002 ("verified") does not repeat it as a note.
   * The button that got here said what the title says ("Konto bestätigen").
   */
  async expectVerified(): Promise<void> {
    await this.expectTitle(this.t.verification.doneTitle);
    await expect(this.main.getByText(this.t.verification.doneIntro)).toBeVisible();
    await expect(this.page.getByText(this.t.kratos["1080002"], { exact: true })).toHaveCount(0);
  }

  async continue(): Promise<void> {
    await this.link(this.t.common.continue).click();
  }
}
