// The example shop (apps/shop-example, on 127.0.0.1: cross-site to the web app on localhost,
// as a real shop would be). It is not our app: its own few texts, German or English, live in
// apps/shop-example/src/pages.ts.

import { expect, type Page } from "@playwright/test";
import type { Language } from "../support/languages.ts";
import { oauth2Services } from "../support/services/service-set.ts";

const texts = {
  de: { logIn: "Anmelden", logOut: "Abmelden", hello: "Hallo, " },
  en: { logIn: "Log in", logOut: "Log out", hello: "Hello, " },
} as const;

export class ShopScreen {
  private readonly page: Page;
  private readonly lang: Language;

  constructor(page: Page, lang: Language) {
    this.page = page;
    this.lang = lang;
  }

  private get t(): (typeof texts)[Language["code"]] {
    return texts[this.lang.code];
  }

  async open(): Promise<void> {
    await this.page.goto(`${oauth2Services().shopUrl}/?lang=${this.lang.code}`);
  }

  /** "Anmelden": off to Moos. */
  async logIn(): Promise<void> {
    await this.page.getByRole("link", { name: this.t.logIn, exact: true }).click();
  }

  async expectSignedIn(name: string): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`^${oauth2Services().shopUrl}/`));
    await expect(this.page.locator("#customer")).toHaveText(`${this.t.hello}${name}`);
  }

  async expectSignedOut(): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`^${oauth2Services().shopUrl}/`));
    await expect(this.page.getByRole("link", { name: this.t.logIn, exact: true })).toBeVisible();
    await expect(this.page.locator("#customer")).toHaveCount(0);
  }

  /** "Abmelden": the shop logs out and sends the browser to Moos (RP-initiated logout). */
  async logOut(): Promise<void> {
    await this.page.getByRole("button", { name: this.t.logOut, exact: true }).click();
  }
}
