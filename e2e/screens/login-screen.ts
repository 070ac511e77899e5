// `/login`: the email address first, then the password (identifier first).

import { expect } from "@playwright/test";
import { format, localizedPath } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class LoginScreen extends AppScreen {
  async open(): Promise<void> {
    await this.goto("/login");
    await this.expectEmailStep();
  }

  /**
   * Opens the email step with the page's scripts held back, as on a slow connection: the form
   * works as plain HTML until they arrive. Returns what lets them through.
   */
  async openWithScriptsHeld(): Promise<() => void> {
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await this.page.route("**/_next/static/chunks/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await this.page.goto(localizedPath(this.lang, "/login"), { waitUntil: "domcontentloaded" });
    await this.expectEmailStep();
    return release;
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

  /** Identifier-first for an account that only signs in socially: a welcome and its provider. */
  async expectGreeting(email: string, provider: string): Promise<void> {
    const { social } = this.t;
    await this.expectUrl("/login", { flow: true });
    await this.expectTitle(social.greeting.title);
    await expect(
      this.main.getByText(format(social.greeting.intro, { providers: provider })),
    ).toBeVisible();
    await expect(this.main.getByText(email, { exact: true })).toBeVisible();
    await expect(this.link(this.t.login.changeEmail)).toBeVisible();
    await expect(this.socialButton(provider)).toBeVisible();
    await expect(this.field(this.t.common.password)).toHaveCount(0);
  }

  /**
   * 4000027: the social profile's email belongs to this account; its password proves it and
   * links the profile (1010016 says so, in the one alert: 4000027's own text, "link it in
   * Settings", would contradict it). The account is given: no way to change the email.
   */
  async expectLinkStep(email: string, provider: string): Promise<void> {
    const { social, kratos } = this.t;
    await this.expectUrl("/login", { flow: true });
    await this.expectTitle(social.link.title);
    await expect(
      this.main.getByText(format(kratos["1010016"], { duplicateIdentifier: email, provider })),
    ).toBeVisible();
    await expect(this.main.getByText(kratos["4000027"])).toHaveCount(0);
    await expect(this.main.getByText(email, { exact: true })).toBeVisible();
    await expect(this.link(this.t.login.changeEmail)).toHaveCount(0);
    await expect(this.field(this.t.common.password)).toBeVisible();
  }

  async forgotPassword(): Promise<void> {
    await this.link(this.t.common.forgotPassword).click();
  }
}
