// `/`: log in or create an account; signed in, who is signed in and "Abmelden".

import { expect } from "@playwright/test";
import { format } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class SplashScreen extends AppScreen {
  async open(): Promise<void> {
    await this.goto("/");
  }

  async expectSignedOut(): Promise<void> {
    await this.expectUrl("/");
    await this.expectTitle(this.t.splash.title);
    await expect(this.link(this.t.splash.continueWithEmail)).toBeVisible();
  }

  async expectSignedIn(email: string): Promise<void> {
    await this.expectUrl("/");
    await this.expectTitle(this.t.splash.signedInTitle);
    await expect(this.main.getByText(format(this.t.splash.signedInAs, { email }))).toBeVisible();
  }

  async openRegistration(): Promise<void> {
    await this.goto("/?mode=registration");
    await this.expectUrl("/", { query: { mode: "registration" } });
  }

  /** Apple, Facebook and Google next to "continue with email". */
  async expectSocialButtons(): Promise<void> {
    for (const provider of ["Apple", "Facebook", "Google"]) {
      await expect(this.socialButton(provider)).toBeVisible();
    }
  }

  /** "Abmelden" here, and back on the splash signed out. */
  async logOut(): Promise<void> {
    await this.button(this.t.common.logOut).click();
    await this.expectSignedOut();
  }

  async continueWithEmail(): Promise<void> {
    await this.link(this.t.splash.continueWithEmail).click();
  }
}
