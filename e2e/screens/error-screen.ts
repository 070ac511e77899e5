// `/error?id=`: the identity service's error page, and a screen root that `?error=` brings
// (a flow-level error with a way to start again).

import { expect } from "@playwright/test";
import { AppScreen } from "./app-screen.ts";

export class ErrorScreen extends AppScreen {
  async open(errorId: string): Promise<void> {
    await this.goto(`/error?id=${encodeURIComponent(errorId)}`);
  }

  async expectGenericError(): Promise<void> {
    await this.expectTitle(this.t.error.title);
    await expect(this.main.getByRole("alert")).toContainText(this.t.common.genericError);
    await expect(this.link(this.t.common.home)).toBeVisible();
  }

  /** A screen root: the reason, and "try again", which starts the flow anew. */
  async expectScreenRoot(title: string, reason: string): Promise<void> {
    await this.expectTitle(title);
    await this.expectAlert(reason);
    await expect(this.link(this.t.common.tryAgain)).toBeVisible();
  }

  async tryAgain(): Promise<void> {
    await this.link(this.t.common.tryAgain).click();
  }
}
