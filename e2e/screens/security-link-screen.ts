// `/security/not-me` and `/security/undo-email-change`: the screens a security notice's link
// opens (docs/account-safety.md), and what they show once the link no longer works.

import { expect } from "@playwright/test";
import { format } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class SecurityLinkScreen extends AppScreen {
  /** Opens the link from the email (its path is German; a remembered English choice redirects). */
  async openLink(url: string): Promise<void> {
    await this.page.goto(url);
  }

  async expectNotMe(): Promise<void> {
    await this.expectUrl("/security/not-me");
    await this.expectTitle(this.t.security.notMe.title);
    await expect(this.main.getByText(this.t.security.notMe.step1)).toBeVisible();
    await expect(this.button(this.t.security.notMe.confirm)).toBeVisible();
  }

  /** The reported event: what, and the device it came from. */
  async expectReported(what: string, device: string): Promise<void> {
    const { security } = this.t;
    const section = this.main.getByRole("region", { name: security.reported });
    await expect(section.getByText(what, { exact: true })).toBeVisible();
    await expect(section.getByText(format(security.device, { device }))).toBeVisible();
  }

  async expectUndo(oldAddress: string, newAddress: string): Promise<void> {
    const { undo } = this.t.security;
    await this.expectUrl("/security/undo-email-change");
    await this.expectTitle(undo.title);
    await expect(
      this.main.getByText(format(undo.intro, { oldAddress, newAddress }), { exact: true }),
    ).toBeVisible();
    await expect(this.button(undo.confirm)).toBeVisible();
  }

  async confirmNotMe(): Promise<void> {
    await this.button(this.t.security.notMe.confirm).click();
  }

  async confirmUndo(): Promise<void> {
    await this.button(this.t.security.undo.confirm).click();
  }

  async expectInvalid(): Promise<void> {
    const { invalid } = this.t.security;
    await this.expectTitle(invalid.title);
    await expect(this.link(invalid.recovery)).toBeVisible();
  }
}
