// `/settings/password`: set a new password (after recovery, or from settings).

import { expect } from "@playwright/test";
import { messagePattern } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class SettingsPasswordScreen extends AppScreen {
  async expectShown(): Promise<void> {
    await this.expectUrl("/settings/password", { flow: true });
    await this.expectTitle(this.t.settings.passwordTitle);
  }

  /**
   * Shown after recovery: 1060001 (signed in for a limited time, set a password) stays in the
   * screen itself, with and without JavaScript, not in a toast that closes itself.
   */
  async expectRecovered(): Promise<void> {
    await this.expectShown();
    const note = this.main
      .getByRole("status")
      .filter({ hasText: messagePattern(this.t.kratos["1060001"]) });
    await expect(note).toBeVisible();
  }

  async setPassword(password: string, repeatPassword = password): Promise<void> {
    await this.field(this.t.settings.newPassword).fill(password);
    await this.field(this.t.common.repeatPassword).fill(repeatPassword);
    await this.button(this.t.common.save).click();
  }
}
