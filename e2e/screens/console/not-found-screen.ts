// The console's 404 screens: a page that does not exist, an account that does not.

import { expect } from "@playwright/test";
import { ConsoleScreen } from "./console-screen.ts";

export class ConsoleNotFoundScreen extends ConsoleScreen {
  async expectCustomerNotFound(): Promise<void> {
    await this.expectTitle(this.t.notFound.customerTitle);
    await expect(this.main.getByText(this.t.notFound.customerText)).toBeVisible();
    await expect(this.main.getByRole("link", { name: this.t.notFound.home })).toBeVisible();
  }

  async expectPageNotFound(): Promise<void> {
    await this.expectTitle(this.t.notFound.title);
  }
}
