// Any unknown path: the 404 page with a link home.

import { expect } from "@playwright/test";
import { localizedPath } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class NotFoundScreen extends AppScreen {
  /** Opens `path` (in the screen's language) and expects a 404 answer. */
  async open(path: string): Promise<void> {
    const response = await this.page.goto(localizedPath(this.lang, path));
    expect(response?.status()).toBe(404);
  }

  async expectShown(): Promise<void> {
    await this.expectTitle(this.t.notFound.title);
    await expect(this.main.getByText(this.t.notFound.text)).toBeVisible();
    await expect(this.link(this.t.common.home)).toBeVisible();
  }

  async goHome(): Promise<void> {
    await this.link(this.t.common.home).click();
  }
}
