// Social register (`/registration?flow=` of a social sign-in): the provider gave no email, so
// the screen asks for it, says why, and creates the account.

import { expect } from "@playwright/test";
import { format } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class SocialRegisterScreen extends AppScreen {
  /** Asks for the email only (the names came from the provider) and explains why. */
  async expectEmailAsked(provider: string): Promise<void> {
    const { social, common } = this.t;
    await this.expectUrl("/registration", { flow: true });
    await this.expectTitle(social.register.title);
    await expect(this.main.getByText(format(social.register.intro, { provider }))).toBeVisible();
    await expect(this.main.getByText(format(social.register.emailWhy, { provider }))).toBeVisible();
    await expect(this.field(common.email)).toBeVisible();
    await expect(this.main.getByRole("textbox")).toHaveCount(1);
  }

  async submit(): Promise<void> {
    await this.button(this.t.common.createAccount).click();
  }

  async enterEmail(email: string): Promise<void> {
    await this.field(this.t.common.email).fill(email);
    await this.submit();
  }
}
