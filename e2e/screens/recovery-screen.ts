// `/recovery`: forgot password (request a code by email), then reset password (the code).

import { expect } from "@playwright/test";
import { AppScreen } from "./app-screen.ts";

export class RecoveryScreen extends AppScreen {
  async open(): Promise<void> {
    await this.goto("/recovery");
    await this.expectEmailStep();
  }

  async expectEmailStep(): Promise<void> {
    await this.expectUrl("/recovery", { flow: true });
    await this.expectTitle(this.t.recovery.title);
    await expect(this.main.getByText(this.t.recovery.intro)).toBeVisible();
  }

  async requestCode(email: string): Promise<void> {
    await this.field(this.t.common.email).fill(email);
    await this.button(this.t.recovery.sendCode).click();
  }

  async expectCodeStep(): Promise<void> {
    await this.expectUrl("/recovery", { flow: true });
    await this.expectTitle(this.t.recovery.codeTitle);
    await expect(this.main.getByText(this.t.recovery.codeIntro)).toBeVisible();
    await expect(this.button(this.t.common.resendCode)).toBeVisible();
  }

  async enterCode(code: string): Promise<void> {
    await this.field(this.t.common.code).fill(code);
    await this.button(this.t.common.continue).click();
  }
}
