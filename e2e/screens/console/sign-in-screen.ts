// The console's sign-in screen and the way in: "Anmelden" leads to Moos's own login screens
// (the web app's, in the same language), the password, the second factor, and back.

import { expect } from "@playwright/test";
import type { StaffMember } from "../../support/console-staff.ts";
import { localizedPath } from "../../support/languages.ts";
import { LoginScreen } from "../login-screen.ts";
import { SecondFactorScreen } from "../second-factor-screen.ts";
import { ConsoleScreen } from "./console-screen.ts";

export type SignInReason = keyof ConsoleScreen["t"]["signIn"]["reasons"];

export class ConsoleSignInScreen extends ConsoleScreen {
  async open(): Promise<void> {
    await this.goto("/sign-in");
  }

  async expectShown(reason?: SignInReason): Promise<void> {
    await this.expectTitle(this.t.signIn.title);
    await this.expectPageTitle(this.t.signIn.title);
    if (reason) {
      await expect(this.main.getByText(this.t.signIn.reasons[reason])).toBeVisible();
    }
  }

  /** "Anmelden": off to Moos's login screen. */
  async start(): Promise<void> {
    await this.main.getByRole("link", { name: this.t.signIn.button, exact: true }).click();
  }

  private webScreens() {
    const context = {
      page: this.page,
      lang: this.lang,
      javaScriptEnabled: this.context.javaScriptEnabled,
    };
    return { login: new LoginScreen(context), secondFactor: new SecondFactorScreen(context) };
  }

  /** At Moos's login screen: email and password, then the authenticator app's code. */
  async signInAtMoos(staff: StaffMember): Promise<void> {
    const { login, secondFactor } = this.webScreens();
    await login.logIn(staff.email, staff.password);
    if (!staff.app) return;
    await secondFactor.expectShown();
    await secondFactor.enterAppCode(await staff.app.nextCode());
  }

  /** From wherever the console sent the browser to sign in, to `path` signed in. */
  async signIn(staff: StaffMember): Promise<void> {
    await this.start();
    await this.signInAtMoos(staff);
    await expect(this.page).toHaveURL(new RegExp(`^${this.context.consoleUrl}/`));
  }

  /**
   * What "Erneut anmelden" does (the link shows once the sign-in is older than the actions that
   * need a recent one allow): a new sign-in at Moos (`prompt=login`), back to `path#anchor`.
   */
  async startReauth(path: string, anchor: string): Promise<void> {
    const query = new URLSearchParams({
      reauth: "1",
      lang: this.lang.code,
      return_to: `${localizedPath(this.lang, path)}#${anchor}`,
    });
    await this.page.goto(`${this.context.consoleUrl}/auth/login?${query}`);
  }

  /** Signing in again for an action that needs a recent sign-in: only the password. */
  async confirmWithPassword(staff: StaffMember): Promise<void> {
    const { login } = this.webScreens();
    await login.enterPassword(staff.password);
  }
}
