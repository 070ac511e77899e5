// The console's team page (admins): staff, roles, last actions, role changes.

import { expect, type Locator } from "@playwright/test";
import { ConsoleScreen } from "./console-screen.ts";

export class ConsoleStaffScreen extends ConsoleScreen {
  async open(): Promise<void> {
    await this.goto("/staff");
    await this.expectTitle(this.t.staff.title);
    await this.expectPageTitle(this.t.staff.title);
  }

  member(name: string): Locator {
    return this.main.getByRole("article", { name, exact: true });
  }

  async expectMember(name: string, role: "viewer" | "support" | "admin"): Promise<void> {
    // The badge (the role form's selected option says so too).
    await expect(
      this.member(name).locator("span").getByText(this.t.common.roles[role], { exact: true }),
    ).toBeVisible();
  }

  async changeRole(
    name: string,
    role: "viewer" | "support" | "admin" | null,
    reason: string,
  ): Promise<void> {
    const member = this.member(name);
    await member
      .getByRole("combobox", { name: this.t.staff.change, exact: true })
      .selectOption(role ? this.t.common.roles[role] : this.t.customer.role.remove);
    await member.getByRole("textbox", { name: this.t.common.reason, exact: true }).fill(reason);
    await member.getByRole("button", { name: this.t.customer.role.submit, exact: true }).click();
  }

  async expectForbidden(): Promise<void> {
    await expect(this.main.getByText(this.t.staff.forbidden)).toBeVisible();
  }
}
