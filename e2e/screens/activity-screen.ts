// `/settings/activity`: the account activity of the last 90 days, newest first (docs/account-safety.md#account-activity).

import { expect, type Locator } from "@playwright/test";
import { AppScreen } from "./app-screen.ts";

export class ActivityScreen extends AppScreen {
  async open(): Promise<void> {
    await this.goto("/settings/activity");
  }

  async expectShown(): Promise<void> {
    await this.expectUrl("/settings/activity");
    await this.expectTitle(this.t.security.activity.title);
  }

  entries(): Locator {
    return this.main
      .getByRole("list", { name: this.t.security.activity.listLabel })
      .getByRole("listitem");
  }

  /** The entries' first lines (what happened), newest first. */
  async expectEvents(titles: readonly (string | RegExp)[]): Promise<void> {
    await expect(this.entries()).toHaveCount(titles.length);
    for (const [index, title] of titles.entries())
      await expect(this.entries().nth(index).locator("p").first()).toHaveText(title);
  }

  async expectEntryDetails(index: number, text: string): Promise<void> {
    await expect(this.entries().nth(index)).toContainText(text);
  }
}
