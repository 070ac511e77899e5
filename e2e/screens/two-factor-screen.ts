// `/settings/two-factor`: authenticator app, backup codes, passkeys and security keys.

import { expect, type Locator } from "@playwright/test";
import { format, messagePattern } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class TwoFactorScreen extends AppScreen {
  /** From the settings screen, through its "manage two-step login" link. */
  async openFromSettings(): Promise<void> {
    await this.goto("/settings");
    await expect(this.heading()).toHaveText(this.t.settings.title);
    await this.link(this.t.twoFactor.settings.open).click();
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await this.expectUrl("/settings/two-factor", { flow: true });
    await this.expectTitle(this.t.twoFactor.settings.title);
  }

  private section(title: string): Locator {
    return this.main.getByRole("region", { name: title, exact: true });
  }

  private get app(): Locator {
    return this.section(this.t.twoFactor.settings.totpTitle);
  }

  private get backup(): Locator {
    return this.section(this.t.twoFactor.settings.backupTitle);
  }

  private get passkeys(): Locator {
    return this.section(this.t.twoFactor.settings.passkeysTitle);
  }

  /** The secret shown for typing into the app by hand (next to the QR code). */
  async appSecret(): Promise<string> {
    const { settings } = this.t.twoFactor;
    await expect(this.app.getByRole("img", { name: this.t.kratos["1050005"] })).toBeVisible();
    const secret = this.app.getByRole("definition");
    await expect(this.app.getByRole("term")).toHaveText(settings.totpSecretLabel);
    return ((await secret.textContent()) ?? "").trim();
  }

  async enterAppCode(code: string): Promise<void> {
    const { settings } = this.t.twoFactor;
    await this.app.getByRole("textbox", { name: settings.totpCodeLabel, exact: true }).fill(code);
    await this.app.getByRole("button", { name: this.t.common.save, exact: true }).click();
  }

  async expectAppSetUp(): Promise<void> {
    await expect(this.app.getByText(this.t.twoFactor.settings.totpEnabled)).toBeVisible();
    await expect(this.app.getByRole("button", { name: this.t.kratos["1050004"] })).toBeVisible();
  }

  async createBackupCodes(): Promise<void> {
    await this.backup.getByRole("button", { name: this.t.kratos["1050008"], exact: true }).click();
  }

  /** The new codes, shown until they are confirmed; and their download. */
  async backupCodes(): Promise<string[]> {
    const { settings } = this.t.twoFactor;
    await expect(this.backup.getByText(settings.backupNew)).toBeVisible();
    const list = this.backup.getByRole("list", { name: settings.backupListLabel });
    await expect(list.getByRole("listitem").first()).toBeVisible();
    const download = this.backup.getByRole("link", { name: settings.download });
    await expect(download).toHaveAttribute("download", settings.downloadFileName);
    const codes = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
    expect(decodeURIComponent((await download.getAttribute("href")) ?? "")).toContain(codes[0]);
    return codes;
  }

  async confirmBackupCodes(): Promise<void> {
    await this.backup.getByRole("button", { name: this.t.kratos["1050011"], exact: true }).click();
  }

  async expectBackupCodesSaved(): Promise<void> {
    await expect(this.backup.getByRole("button", { name: this.t.kratos["1050007"] })).toBeVisible();
    await expect(this.backup.getByRole("button", { name: this.t.kratos["1050016"] })).toBeVisible();
  }

  async addPasskey(): Promise<void> {
    await this.passkeys
      .getByRole("button", { name: this.t.kratos["1050019"], exact: true })
      .click();
  }

  /** One passkey is set up, with its remove button; with `name`, listed under that name. */
  async expectOnePasskey(name?: string): Promise<void> {
    await expect(
      this.passkeys.getByRole("button", { name: messagePattern(this.t.kratos["1050020"]) }),
    ).toHaveCount(1);
    if (name === undefined) return;
    await expect(this.passkeys.getByRole("listitem")).toHaveText(new RegExp(`^${name}`));
    await expect(
      this.passkeys.getByRole("button", {
        name: format(this.t.kratos["1050020"], { display_name: name }),
        exact: true,
      }),
    ).toBeVisible();
  }

  /** Removes the one passkey set up; the screen comes back without it. */
  async removeOnlyPasskey(): Promise<void> {
    await this.passkeys
      .getByRole("button", { name: messagePattern(this.t.kratos["1050020"]) })
      .click();
    await this.expectShown();
    await expect(this.passkeys.getByText(this.t.twoFactor.settings.noKeys)).toBeVisible();
  }

  /** Without JavaScript: no button, a note that passkeys need JavaScript. */
  async expectPasskeysNeedJavaScript(): Promise<void> {
    // A status note (getByText skips <noscript>; its role does not).
    await expect(
      this.passkeys.getByRole("status").filter({ hasText: this.t.twoFactor.passkey.noScript }),
    ).toBeVisible();
    await expect(this.passkeys.getByRole("button", { name: this.t.kratos["1050019"] })).toHaveCount(
      0,
    );
  }
}
