// `/settings/delete`: what is deleted and kept, the data download, the confirm button; and the
// success screen after it.

import { expect } from "@playwright/test";
import { baseUrl, localizedPath } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export class AccountDeleteScreen extends AppScreen {
  async open(): Promise<void> {
    await this.goto("/settings/delete");
  }

  /**
   * The sign-in again a session that is not recent is sent to before this screen (the web app's
   * reauthHref: a refresh login that comes back here). A browser test cannot age a session, so
   * it opens that address itself; apps/web/.../recent-sign-in.test.ts checks who is sent there.
   */
  async openReauthentication(): Promise<void> {
    const back = `${baseUrl()}${localizedPath(this.lang, "/settings/delete")}`;
    await this.goto(`/login?${new URLSearchParams({ refresh: "true", return_to: back })}`);
  }

  /** The refresh login: "confirm it's you", the account given, only the password asked for. */
  async expectReauthentication(email: string): Promise<void> {
    await this.expectUrl("/login", { flow: true });
    await this.expectTitle(this.t.login.refreshTitle);
    await expect(this.main.getByText(email, { exact: true })).toBeVisible();
    await expect(this.field(this.t.common.email)).toHaveCount(0);
  }

  async confirmPassword(password: string): Promise<void> {
    await this.field(this.t.common.password).fill(password);
    await this.button(this.t.common.logIn).click();
  }

  async expectShown(): Promise<void> {
    const t = this.t.accountDelete;
    await this.expectUrl("/settings/delete");
    await this.expectTitle(t.title);
    for (const item of Object.values(t.deleted)) {
      await expect(this.main.getByRole("listitem").filter({ hasText: item })).toBeVisible();
    }
    await expect(this.main.getByText(t.kept)).toBeVisible();
  }

  /** Downloads the data export and returns it parsed. */
  async downloadData(): Promise<Record<string, unknown>> {
    const download = this.page.waitForEvent("download");
    await this.link(this.t.accountDelete.download).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("moos-account-data.json");
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
  }

  /** The explicit confirmation: the account's email address typed out, then the red button. */
  async confirm(email: string): Promise<void> {
    await this.field(this.t.accountDelete.confirmEmail).fill(email);
    await this.button(this.t.accountDelete.confirm).click();
  }

  /** The final button is the danger one (red), not the green primary. */
  async expectDangerButton(): Promise<void> {
    const button = this.button(this.t.accountDelete.confirm);
    await expect(button).toHaveCSS("background-color", "rgb(179, 38, 30)");
  }

  /** A click without the typed address (a stray click) deletes nothing and says why. */
  async clickWithoutConfirming(typed = ""): Promise<void> {
    await this.field(this.t.accountDelete.confirmEmail).fill(typed);
    await this.button(this.t.accountDelete.confirm).click();
    await this.expectFieldError(
      this.t.accountDelete.confirmEmail,
      this.t.accountDelete.confirmEmailMismatch,
    );
    await this.expectUrl("/settings/delete");
  }

  async expectDeleted(): Promise<void> {
    await this.expectUrl("/settings/delete/done");
    await this.expectTitle(this.t.accountDelete.doneTitle);
    await expect(this.main.getByText(this.t.accountDelete.doneText)).toBeVisible();
    await expect(this.page).toHaveTitle(/Moos/);
  }
}
