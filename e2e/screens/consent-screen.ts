// `/consent?consent_challenge=`: a client that is not Moos's own asks for the customer's data.

import { expect } from "@playwright/test";
import { format } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class ConsentScreen extends AppScreen {
  async expectShown(client: string, email: string): Promise<void> {
    const { consent } = this.t.oauth2;
    await this.expectUrl("/consent", { query: {} });
    await this.expectTitle(format(consent.title, { client }));
    await expect(this.main.getByText(format(consent.intro, { client, email }))).toBeVisible();
    // What the client asked for is ticked; remembering the answer is not.
    for (const scope of ["email", "profile"] as const) {
      await expect(this.scope(scope)).toBeChecked();
    }
    await expect(this.scope("openid")).toBeDisabled();
    await expect(this.main.getByRole("checkbox", { name: consent.remember })).not.toBeChecked();
  }

  private scope(scope: "openid" | "email" | "profile") {
    return this.main.getByRole("checkbox", { name: this.t.oauth2.consent.scopes[scope] });
  }

  /** Allows, without the scopes in `withhold`. */
  async allow(options: { withhold?: readonly ("email" | "profile")[] } = {}): Promise<void> {
    for (const scope of options.withhold ?? []) await this.scope(scope).uncheck();
    await this.button(this.t.oauth2.consent.allow).click();
  }

  async deny(): Promise<void> {
    await this.button(this.t.oauth2.consent.deny).click();
  }
}
