// The console's customer page: the account's sections and the changes the role allows, each
// with a reason.

import { type Download, expect, type Locator } from "@playwright/test";
import { format } from "../../support/languages.ts";
import { ConsoleScreen } from "./console-screen.ts";

type Section =
  | "profile"
  | "newsletter"
  | "methods"
  | "sessions"
  | "activity"
  | "emails"
  | "lock"
  | "role"
  | "export"
  | "delete"
  | "audit";

export class ConsoleCustomerScreen extends ConsoleScreen {
  async open(id: string): Promise<void> {
    await this.goto(`/customers/${id}`);
  }

  async expectShown(fullName: string, email: string): Promise<void> {
    await this.expectTitle(fullName);
    await this.expectPageTitle(this.t.customer.title);
    await expect(this.main.getByText(email, { exact: true }).first()).toBeVisible();
  }

  section(name: Section): Locator {
    const t = this.t.customer;
    const titles: Record<Section, string> = {
      profile: t.profile.title,
      newsletter: t.newsletter.title,
      methods: t.methods.title,
      sessions: t.sessions.title,
      activity: t.activity.title,
      emails: t.emails.title,
      lock: t.lock.title,
      role: t.role.title,
      export: t.export.title,
      delete: t.delete.title,
      audit: t.audit.title,
    };
    return this.main.getByRole("region", { name: titles[name], exact: true });
  }

  /** The sections every role sees, in order, and only the forms of `forms`. */
  async expectSections(forms: readonly ("role" | "export" | "delete")[]): Promise<void> {
    for (const name of [
      "profile",
      "newsletter",
      "methods",
      "sessions",
      "activity",
      "emails",
      "lock",
      "audit",
    ] as const) {
      await expect(this.section(name)).toBeVisible();
    }
    for (const name of ["role", "export", "delete"] as const) {
      await expect(this.section(name)).toHaveCount(forms.includes(name) ? 1 : 0);
    }
  }

  private reason(scope: Locator): Locator {
    return scope.getByRole("textbox", { name: this.t.common.reason, exact: true });
  }

  async expectNoChanges(): Promise<void> {
    await expect(this.main.getByRole("textbox", { name: this.t.common.reason })).toHaveCount(0);
    await expect(this.main.getByText(this.t.customer.readOnly)).toBeVisible();
  }

  async lock(reason: string, options: { until?: string } = {}): Promise<void> {
    const section = this.section("lock");
    const t = this.t.customer.lock;
    await section.getByRole("radio", { name: options.until ? t.until : t.forever }).check();
    if (options.until) await section.getByLabel(t.date).fill(options.until);
    await this.reason(section).fill(reason);
    await section.getByRole("button", { name: t.submitLock, exact: true }).click();
  }

  async unlock(reason: string): Promise<void> {
    const section = this.section("lock");
    await this.reason(section).fill(reason);
    await section
      .getByRole("button", { name: this.t.customer.lock.submitUnlock, exact: true })
      .click();
  }

  async expectLocked(): Promise<void> {
    await expect(this.main.getByText(this.t.customer.badges.locked, { exact: true })).toBeVisible();
    await expect(
      this.section("lock").getByRole("button", { name: this.t.customer.lock.submitUnlock }),
    ).toBeVisible();
  }

  async expectNotLocked(): Promise<void> {
    await expect(this.section("lock").getByText(this.t.customer.lock.unlocked)).toBeVisible();
  }

  /** Ends all sessions, or the one whose label contains `device`. */
  async endSessions(reason: string, options: { device?: string } = {}): Promise<void> {
    const section = this.section("sessions");
    const t = this.t.customer.sessions;
    const choice = options.device
      ? section.getByRole("radio", { name: new RegExp(options.device) })
      : section.getByRole("radio", { name: t.all, exact: true });
    await choice.check();
    await this.reason(section).fill(reason);
    await section.getByRole("button", { name: t.submit, exact: true }).click();
  }

  async sessionRows(): Promise<number> {
    return this.section("sessions")
      .getByRole("row")
      .filter({ has: this.page.getByRole("cell") })
      .count();
  }

  async resend(kind: "verification" | "recovery", reason: string): Promise<void> {
    const section = this.section("emails");
    const t = this.t.customer.emails;
    await section.getByRole("radio", { name: t.kinds[kind], exact: true }).check();
    await this.reason(section).fill(reason);
    await section.getByRole("button", { name: t.submit, exact: true }).click();
  }

  async correctName(first: string, last: string, reason: string): Promise<void> {
    const section = this.section("profile");
    const t = this.t.customer.profile;
    await section.getByText(t.correct, { exact: true }).click();
    await section.getByRole("textbox", { name: t.first, exact: true }).fill(first);
    await section.getByRole("textbox", { name: t.last, exact: true }).fill(last);
    await this.reason(section).fill(reason);
    await section.getByRole("button", { name: t.save, exact: true }).click();
  }

  async resetSecondFactors(reason: string): Promise<void> {
    const section = this.section("methods");
    const t = this.t.customer.methods;
    await section.getByText(t.reset, { exact: true }).click();
    await this.reason(section).fill(reason);
    await section.getByRole("button", { name: t.resetSubmit, exact: true }).click();
  }

  /** "Erneut anmelden" in a section that needs a recent sign-in. */
  reauthLink(section: "role" | "export" | "delete"): Locator {
    return this.section(section).getByRole("link", { name: this.t.customer.reauth.button });
  }

  async exportData(reason: string): Promise<Download> {
    const section = this.section("export");
    await this.reason(section).fill(reason);
    const download = this.page.waitForEvent("download");
    await section.getByRole("button", { name: this.t.customer.export.submit, exact: true }).click();
    return download;
  }

  async deleteAccount(confirm: string, reason: string): Promise<void> {
    const section = this.section("delete");
    const t = this.t.customer.delete;
    await section.getByRole("textbox", { name: t.confirm, exact: true }).fill(confirm);
    await this.reason(section).fill(reason);
    await section.getByRole("button", { name: t.submit, exact: true }).click();
  }

  async changeRole(role: "viewer" | "support" | "admin" | null, reason: string): Promise<void> {
    const section = this.section("role");
    const t = this.t.customer.role;
    await section
      .getByRole("combobox", { name: t.new, exact: true })
      .selectOption(role ? this.t.common.roles[role] : t.remove);
    await this.reason(section).fill(reason);
    await section.getByRole("button", { name: t.submit, exact: true }).click();
  }

  async expectRole(role: "viewer" | "support" | "admin" | null): Promise<void> {
    const t = this.t.customer.role;
    const name = role ? this.t.common.roles[role] : t.none;
    await expect(this.section("role").getByText(format(t.current, { role: name }))).toBeVisible();
  }

  /** An activity line of the account (its text as the console words it). */
  async expectActivity(text: string): Promise<void> {
    await expect(
      this.section("activity").getByRole("cell", { name: text, exact: true }),
    ).toBeVisible();
  }

  /** The first audit entries about the account: the newest action first. */
  async expectLatestAudit(action: string, reason: string): Promise<void> {
    const row = this.section("audit").getByRole("row").nth(1);
    await expect(row).toContainText(action);
    await expect(row).toContainText(reason);
  }
}
