// `/login`: the email address first, then the password (identifier first).

import { expect } from "@playwright/test";
import { AppScreen } from "./app-screen.ts";

export class LoginScreen extends AppScreen {
  async open(): Promise<void> {
    await this.goto("/login");
    await this.expectEmailStep();
  }

  async expectEmailStep(): Promise<void> {
    await this.expectUrl("/login", { flow: true });
    await this.expectTitle(this.t.login.title);
    await expect(this.field(this.t.common.email)).toBeVisible();
  }

  async enterEmail(email: string): Promise<void> {
    await this.field(this.t.common.email).fill(email);
    await this.button(this.t.common.continue).click();
  }

  /** The address is shown (with a way to change it) and the password is asked for. */
  async expectPasswordStep(email: string): Promise<void> {
    await this.expectUrl("/login", { flow: true });
    await this.expectTitle(this.t.login.title);
    await expect(this.main.getByText(email, { exact: true })).toBeVisible();
    await expect(this.link(this.t.login.changeEmail)).toBeVisible();
    await expect(this.field(this.t.common.password)).toBeVisible();
  }

  async enterPassword(password: string): Promise<void> {
    await this.field(this.t.common.password).fill(password);
    await this.button(this.t.common.logIn).click();
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.enterEmail(email);
    await this.expectPasswordStep(email);
    await this.enterPassword(password);
  }

  async expectInvalidCredentials(): Promise<void> {
    await this.expectAlert(this.t.kratos["4000006"]);
  }

  /** 4000010 and the way on to verification. */
  async expectNotVerified(): Promise<void> {
    await this.expectMessage("4000010");
    await expect(this.link(this.t.login.verifyNow)).toBeVisible();
  }

  async verifyNow(): Promise<void> {
    await this.link(this.t.login.verifyNow).click();
  }

  async forgotPassword(): Promise<void> {
    await this.link(this.t.common.forgotPassword).click();
  }
}
