// `/login?flow=` with `requested_aal: aal2`: the second step after the password (an
// authenticator app code, a backup code, a security key).

import { expect } from "@playwright/test";
import { AppScreen } from "./app-screen.ts";

export class SecondFactorScreen extends AppScreen {
  async expectShown(): Promise<void> {
    const { secondFactor } = this.t.twoFactor;
    await this.expectUrl("/login", { flow: true });
    await this.expectTitle(secondFactor.title);
    await this.expectMessage("1010004");
  }

  private form(name: string) {
    return this.main.getByRole("form", { name, exact: true });
  }

  async enterAppCode(code: string): Promise<void> {
    const { secondFactor } = this.t.twoFactor;
    const form = this.form(secondFactor.totpTitle);
    await form.getByRole("textbox", { name: this.t.kratos["1010006"], exact: true }).fill(code);
    await form.getByRole("button", { name: this.t.kratos["1010009"], exact: true }).click();
  }

  async enterBackupCode(code: string): Promise<void> {
    const { secondFactor } = this.t.twoFactor;
    const form = this.form(secondFactor.backupTitle);
    await form.getByRole("textbox", { name: this.t.kratos["1010007"], exact: true }).fill(code);
    await form.getByRole("button", { name: this.t.kratos["1010010"], exact: true }).click();
  }

  /** 4000012: the backup code was used before. */
  async expectBackupCodeUsed(): Promise<void> {
    await expect(
      this.main.getByRole("alert").filter({ hasText: this.t.kratos["4000012"] }),
    ).toBeVisible();
  }

  /** 4000008: the authenticator app code is wrong. */
  async expectWrongAppCode(): Promise<void> {
    await expect(
      this.main.getByRole("alert").filter({ hasText: this.t.kratos["4000008"] }),
    ).toBeVisible();
  }
}
