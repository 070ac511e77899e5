// The newsletter section of `/settings`: the state, and the button that changes it.

import { expect, type Locator } from "@playwright/test";
import { AppScreen } from "./app-screen.ts";

export type NewsletterState = "subscribed" | "pending" | "unsubscribed";

export class NewsletterSettingsSection extends AppScreen {
  private get section(): Locator {
    return this.main.getByRole("region", { name: this.t.newsletter.settingsTitle, exact: true });
  }

  async expectState(state: NewsletterState): Promise<void> {
    await expect(this.section.getByText(this.t.newsletter.state[state])).toBeVisible();
  }

  async subscribe(): Promise<void> {
    await this.section.getByRole("button", { name: this.t.newsletter.subscribe }).click();
  }

  async withdraw(): Promise<void> {
    await this.section.getByRole("button", { name: this.t.newsletter.withdraw }).click();
  }

  async expectRequested(): Promise<void> {
    await this.expectSuccessNote(this.t.newsletter.notices.requested);
    await this.expectState("pending");
  }

  async expectWithdrawn(): Promise<void> {
    await this.expectSuccessNote(this.t.newsletter.notices.withdrawn);
    await this.expectState("unsubscribed");
  }
}
