// `/verification`: the address (when not known yet), the code from the email, then done.

import { expect } from "@playwright/test";
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

  async expectCodeStep(): Promise<void> {
    await this.expectUrl("/verification", { flow: true });
    await this.expectTitle(this.t.verification.title);
    await expect(this.main.getByText(this.t.verification.codeIntro)).toBeVisible();
    await expect(this.field(this.t.common.verificationCode)).toBeVisible();
    await expect(this.button(this.t.common.resendCode)).toBeVisible();
  }

  async enterCode(code: string): Promise<void> {
    await this.field(this.t.common.verificationCode).fill(code);
    await this.button(this.t.verification.activate).click();
  }

  /** Done: the title says so and the 1080002 note shows. */
  async expectVerified(): Promise<void> {
    await this.expectTitle(this.t.verification.doneTitle);
    await expect(this.main.getByText(this.t.verification.doneIntro)).toBeVisible();
    await this.expectSuccessMessage("1080002");
  }

  async continue(): Promise<void> {
    await this.link(this.t.common.continue).click();
  }
}
