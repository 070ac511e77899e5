// `/newsletter` (the consent question after a sign-in) and `/newsletter/confirm` (the page the
// confirmation email links to).

import { expect } from "@playwright/test";
import { AppScreen } from "./app-screen.ts";

export class NewsletterScreen extends AppScreen {
  /** The question: the gift said plainly, two answers, nothing chosen in advance. */
  async expectQuestion(): Promise<void> {
    const { newsletter } = this.t;
    await this.expectUrl("/newsletter");
    await this.expectTitle(newsletter.title);
    await expect(this.main.getByText(newsletter.gift, { exact: true })).toBeVisible();
    await expect(this.button(newsletter.yes)).toBeVisible();
    await expect(this.button(newsletter.no)).toBeVisible();
    await expect(this.main.getByRole("checkbox")).toHaveCount(0);
    await expect(this.main.getByRole("radio")).toHaveCount(0);
  }

  async accept(): Promise<void> {
    await this.button(this.t.newsletter.yes).click();
  }

  async decline(): Promise<void> {
    await this.button(this.t.newsletter.no).click();
  }

  /** After a yes: look for the email, then go on. */
  async expectSent(): Promise<void> {
    await this.expectUrl("/newsletter", { query: { sent: "1" } });
    await this.expectTitle(this.t.newsletter.sentTitle);
    await this.expectSuccessNote(this.t.newsletter.sentNote);
  }

  async goOn(): Promise<void> {
    await this.link(this.t.newsletter.continue).click();
  }

  /** The confirmation page as the email's link opens it: nothing confirmed yet, one button. */
  async openConfirmation(url: string): Promise<void> {
    await this.page.goto(url);
    await this.expectTitle(this.t.newsletter.confirmTitle);
    await expect(this.button(this.t.newsletter.confirmButton)).toBeVisible();
  }

  async confirm(): Promise<void> {
    await this.button(this.t.newsletter.confirmButton).click();
  }

  async expectConfirmed(): Promise<void> {
    await this.expectUrl("/newsletter/confirm", { query: { result: "confirmed" } });
    await this.expectTitle(this.t.newsletter.confirmedTitle);
    await expect(this.main.getByText(this.t.newsletter.confirmedText)).toBeVisible();
  }

  async expectLinkInvalid(): Promise<void> {
    await this.expectTitle(this.t.newsletter.confirmTitle);
    await this.expectAlert(this.t.newsletter.invalidLink);
  }
}
