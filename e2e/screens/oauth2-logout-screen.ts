// `/logout?logout_challenge=`: a client asks to log the customer out of Moos too. Moos's own
// clients go on without this screen; others ask.

import { expect } from "@playwright/test";
import { format } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class OAuth2LogoutScreen extends AppScreen {
  async expectShown(client: string): Promise<void> {
    const { logout } = this.t.oauth2;
    await this.expectUrl("/logout", { query: {} });
    await this.expectTitle(logout.title);
    await expect(this.main.getByText(format(logout.introClient, { client }))).toBeVisible();
    await expect(this.button(logout.stay)).toBeVisible();
  }

  async logOut(): Promise<void> {
    await this.button(this.t.oauth2.logout.confirm).click();
  }
}
