// `/settings/password`: set a new password (after recovery, or from settings).

import { AppScreen } from "./app-screen.ts";

export class SettingsPasswordScreen extends AppScreen {
  async expectShown(): Promise<void> {
    await this.expectUrl("/settings/password", { flow: true });
    await this.expectTitle(this.t.settings.passwordTitle);
  }

  /** Shown after recovery: the 1060001 note (signed in for a limited time, set a password). */
  async expectRecovered(): Promise<void> {
    await this.expectShown();
    await this.expectSuccessMessage("1060001");
  }

  async setPassword(password: string, repeatPassword = password): Promise<void> {
    await this.field(this.t.settings.newPassword).fill(password);
    await this.field(this.t.common.repeatPassword).fill(repeatPassword);
    await this.button(this.t.common.save).click();
  }
}
