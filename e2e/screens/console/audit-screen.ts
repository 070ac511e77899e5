// The console's audit log of one customer or one staff member.

import { expect, type Locator } from "@playwright/test";
import { format } from "../../support/languages.ts";
import { ConsoleScreen } from "./console-screen.ts";

export class ConsoleAuditScreen extends ConsoleScreen {
  async openForCustomer(id: string): Promise<void> {
    await this.page.goto(`${this.url("/audit")}?customer=${id}`);
    await this.expectTitle(this.t.audit.forCustomer);
    await this.expectPageTitle(this.t.audit.title);
  }

  async openForStaff(id: string, who: string): Promise<void> {
    await this.page.goto(`${this.url("/audit")}?staff=${id}`);
    await this.expectTitle(format(this.t.audit.forStaff, { who }));
  }

  rows(): Locator {
    return this.main.getByRole("row").filter({ has: this.page.getByRole("cell") });
  }

  /** An entry: the action's words and, for a change, its reason. */
  async expectEntry(
    action: string,
    options: { reason?: string; who?: string } = {},
  ): Promise<void> {
    const actions = this.t.audit.actions as Record<string, string>;
    const words = actions[action.replaceAll(".", "_")] ?? action;
    let row = this.rows().filter({ hasText: words });
    if (options.reason) row = row.filter({ hasText: options.reason });
    if (options.who) row = row.filter({ hasText: options.who });
    await expect(row.first()).toBeVisible();
  }
}
