// `/migration`: a customer of the old shop sets a password by code ("Dein Kundenkonto ist
// umgezogen").

import { expect } from "@playwright/test";
import { format } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class MigrationScreen extends AppScreen {
  /** The emailed link (mailbox.ts `migrationLink`). */
  async openLink(url: string): Promise<void> {
    await this.page.goto(url);
  }

  /** The code went out: code, new password and its repetition in one form. */
  async expectCodeStep(email: string): Promise<void> {
    const { migration, common } = this.t;
    await this.expectUrl("/migration", { flow: true });
    await this.expectTitle(migration.title);
    await expect(this.main.getByText(format(migration.codeSent, { email }))).toBeVisible();
    await expect(this.field(common.code)).toBeVisible();
    await expect(this.field(migration.newPassword)).toBeVisible();
    await expect(this.field(common.repeatPassword)).toBeVisible();
  }

  async submit(values: { code?: string; password: string; repeat?: string }): Promise<void> {
    const { migration, common } = this.t;
    if (values.code !== undefined) await this.field(common.code).fill(values.code);
    await this.field(migration.newPassword).fill(values.password);
    await this.field(common.repeatPassword).fill(values.repeat ?? values.password);
    await this.button(migration.submit).click();
  }

  /** The code was accepted, the password not: only the password is asked for again. */
  async expectPasswordStep(): Promise<void> {
    const { migration, common } = this.t;
    await this.expectUrl("/migration", { query: {} });
    await expect(this.page).toHaveURL(/[?&]settings=[0-9a-f-]{36}/);
    await expect(this.main.getByText(migration.codeAccepted)).toBeVisible();
    await expect(this.field(common.code)).toHaveCount(0);
    await expect(this.field(migration.newPassword)).toBeVisible();
  }

  async resendCode(): Promise<void> {
    await this.button(this.t.common.resendCode).click();
  }

  async expectResent(): Promise<void> {
    await this.expectSuccessNote(this.t.migration.resent);
  }
}
