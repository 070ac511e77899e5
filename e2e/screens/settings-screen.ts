// `/settings`: profile (names, email), password, logged-in devices, "Abmelden".

import { expect, type Locator } from "@playwright/test";
import { format } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class SettingsScreen extends AppScreen {
  async open(): Promise<void> {
    await this.goto("/settings");
  }

  async expectShown(): Promise<void> {
    await this.expectUrl("/settings", { flow: true });
    await this.expectTitle(this.t.settings.title);
  }

  private section(title: string): Locator {
    return this.main.getByRole("region", { name: title, exact: true });
  }

  private get profile(): Locator {
    return this.section(this.t.settings.profileTitle);
  }

  private get devices(): Locator {
    return this.section(this.t.settings.sessionsTitle);
  }

  async expectProfile(profile: {
    firstName: string;
    lastName: string;
    email: string;
  }): Promise<void> {
    const { common } = this.t;
    await expect(this.profile.getByRole("textbox", { name: common.firstName })).toHaveValue(
      profile.firstName,
    );
    await expect(this.profile.getByRole("textbox", { name: common.lastName })).toHaveValue(
      profile.lastName,
    );
    await expect(this.profile.getByRole("textbox", { name: common.email })).toHaveValue(
      profile.email,
    );
  }

  async changeNames(firstName: string, lastName: string): Promise<void> {
    const { common } = this.t;
    await this.profile.getByRole("textbox", { name: common.firstName }).fill(firstName);
    await this.profile.getByRole("textbox", { name: common.lastName }).fill(lastName);
    await this.profile.getByRole("button", { name: common.save }).click();
  }

  private get linkedAccounts(): Locator {
    return this.section(this.t.social.settings.title);
  }

  private linkedAccountButton(label: "1050002" | "1050003", provider: string): Locator {
    return this.linkedAccounts.getByRole("button", {
      name: format(this.t.kratos[label], { provider }),
      exact: true,
    });
  }

  /** The provider is linked and may be unlinked (another way to log in remains). */
  async expectLinked(provider: string): Promise<void> {
    await expect(this.linkedAccountButton("1050003", provider)).toBeVisible();
    await expect(this.linkedAccountButton("1050002", provider)).toHaveCount(0);
    await expect(
      this.linkedAccounts.getByRole("listitem").filter({ hasText: provider }),
    ).toContainText(this.t.social.settings.linked);
  }

  async expectNotLinked(provider: string): Promise<void> {
    await expect(this.linkedAccountButton("1050002", provider)).toBeVisible();
    await expect(this.linkedAccountButton("1050003", provider)).toHaveCount(0);
    await expect(
      this.linkedAccounts.getByRole("listitem").filter({ hasText: provider }),
    ).toContainText(this.t.social.settings.notLinked);
  }

  async linkAccount(provider: string): Promise<void> {
    await this.linkedAccountButton("1050002", provider).click();
  }

  async unlinkAccount(provider: string): Promise<void> {
    await this.linkedAccountButton("1050003", provider).click();
  }

  /** The devices list: this device first (marked), then the others. */
  deviceItems(): Locator {
    return this.devices.getByRole("listitem");
  }

  async expectOnlyThisDevice(): Promise<void> {
    await expect(this.deviceItems()).toHaveCount(1);
    await expect(this.deviceItems().first()).toContainText(`(${this.t.settings.thisDevice})`);
    await expect(this.devices.getByText(this.t.settings.noOtherSessions)).toBeVisible();
  }

  async expectOtherDevice(device: string): Promise<void> {
    await expect(this.deviceItems()).toHaveCount(2);
    await expect(this.deviceItems().nth(1)).toContainText(device);
    await expect(this.revokeButton(device)).toBeVisible();
    await expect(
      this.devices.getByRole("button", { name: this.t.settings.revokeOthers }),
    ).toBeVisible();
  }

  private revokeButton(device: string): Locator {
    return this.devices.getByRole("button", {
      name: format(this.t.settings.revokeDeviceNamed, { device }),
    });
  }

  async revokeDevice(device: string): Promise<void> {
    await this.revokeButton(device).click();
  }

  private get emailChange(): Locator {
    return this.section(this.t.settings.emailChange.title);
  }

  /** Types a new email address into the profile and saves. */
  async changeEmail(email: string): Promise<void> {
    await this.profile.getByRole("textbox", { name: this.t.common.email }).fill(email);
    await this.profile.getByRole("button", { name: this.t.common.save }).click();
  }

  /** 1905005: the code went to the new address. */
  async expectCodeSent(newAddress: string): Promise<void> {
    await expect(
      this.main.getByText(format(this.t.kratos["1905005"], { new_address: newAddress }), {
        exact: true,
      }),
    ).toBeVisible();
  }

  /** The change waits for its code: the old address stays in the profile. */
  async expectEmailChangePending(newAddress: string, oldAddress: string): Promise<void> {
    await expect(
      this.emailChange.getByText(
        format(this.t.kratos["1905001"], { new_address: newAddress, old_address: oldAddress }),
      ),
    ).toBeVisible();
    await expect(this.profile.getByRole("textbox", { name: this.t.common.email })).toHaveValue(
      oldAddress,
    );
  }

  async expectNoEmailChange(): Promise<void> {
    await expect(this.emailChange).toHaveCount(0);
  }

  async confirmEmailChange(code: string): Promise<void> {
    const { emailChange } = this.t.settings;
    await this.emailChange.getByRole("textbox", { name: emailChange.codeLabel }).fill(code);
    await this.emailChange.getByRole("button", { name: emailChange.confirm, exact: true }).click();
  }

  async cancelEmailChange(): Promise<void> {
    await this.emailChange
      .getByRole("button", { name: this.t.settings.emailChange.cancel, exact: true })
      .click();
  }

  /** After a password change: the offer to log out every other device. */
  async expectSignOutOthersOffer(): Promise<void> {
    await expect(this.main.getByText(this.t.settings.signOutOthers.text)).toBeVisible();
  }

  async signOutOthers(): Promise<void> {
    await this.button(this.t.settings.signOutOthers.button).click();
  }

  async openActivity(): Promise<void> {
    await this.link(this.t.settings.activityLink).click();
  }

  async logOut(): Promise<void> {
    await this.section(this.t.settings.logOutTitle)
      .getByRole("button", { name: this.t.common.logOut, exact: true })
      .click();
  }
}
