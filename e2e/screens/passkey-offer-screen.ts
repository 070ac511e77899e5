// `/passkey`: the offer of a passkey after a password sign-in, and its "ready" step.

import { expect } from "@playwright/test";
import { AppScreen } from "./app-screen.ts";

export class PasskeyOfferScreen extends AppScreen {
  async expectShown(): Promise<void> {
    const { passkeyOffer } = this.t;
    await this.expectUrl("/passkey", { flow: true });
    await this.expectTitle(passkeyOffer.title);
    await expect(this.button(passkeyOffer.create)).toBeEnabled();
    await expect(this.button(passkeyOffer.later)).toBeVisible();
  }

  async create(): Promise<void> {
    await this.button(this.t.passkeyOffer.create).click();
  }

  async later(): Promise<void> {
    await this.button(this.t.passkeyOffer.later).click();
  }

  async expectCreated(): Promise<void> {
    await this.expectUrl("/passkey", { query: { created: "1" } });
    await this.expectTitle(this.t.passkeyOffer.createdTitle);
  }

  async goOn(): Promise<void> {
    await this.link(this.t.passkeyOffer.continue).click();
  }
}
