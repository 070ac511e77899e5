// The loading screen that covers a page while a flow starts (JavaScript only): a spinner, after
// 20 s the try-again text and a reload link to the public base URL.

import { expect, type Locator } from "@playwright/test";
import { AppScreen } from "./app-screen.ts";

export class LoadingScreen extends AppScreen {
  private get overlay(): Locator {
    return this.page.getByRole("region", { name: this.t.loading.label, exact: true });
  }

  async expectSpinner(): Promise<void> {
    await expect(this.overlay).toBeVisible();
    await expect(this.overlay).toHaveAttribute("aria-busy", "true");
    await expect(this.overlay.getByRole("alert")).toHaveCount(0);
  }

  async expectTimedOut(reloadHref: string): Promise<void> {
    await expect(this.overlay).toHaveAttribute("aria-busy", "false");
    await expect(this.overlay.getByRole("alert")).toContainText(
      this.t.common.tryAgainSomethingWentWrong,
    );
    await expect(
      this.overlay.getByRole("link", { name: this.t.common.reload, exact: true }),
    ).toHaveAttribute("href", reloadHref);
  }
}
