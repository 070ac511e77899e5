// What every console screen has: the frame (logo, "Kundenservice", language links, for a
// signed-in staff member the navigation and "Abmelden"), one h1, the message a form post led
// to, axe. The console's screens build on it; their texts come from apps/console/messages.

import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { actionKey, type ConsoleTexts, consoleTexts } from "../../support/console-texts.ts";
import { format, type Language, localizedPath } from "../../support/languages.ts";
import { pixelAt, type Rgb } from "../../support/pixel.ts";

// The page's background in the dark scheme (beige-50 under prefers-color-scheme: dark in
// apps/console/src/components/tokens.css, the account app's value).
const PAGE_DARK: Rgb = [0x22, 0x22, 0x21];

export interface ConsoleContext {
  readonly page: Page;
  readonly lang: Language;
  readonly javaScriptEnabled: boolean;
  /** The console's origin (this worker's console, or the deployment's through nginx). */
  readonly consoleUrl: string;
}

export abstract class ConsoleScreen {
  protected readonly context: ConsoleContext;

  constructor(context: ConsoleContext) {
    this.context = context;
  }

  get page(): Page {
    return this.context.page;
  }

  get lang(): Language {
    return this.context.lang;
  }

  get t(): ConsoleTexts {
    return consoleTexts(this.context.lang);
  }

  protected get main(): Locator {
    return this.page.getByRole("main");
  }

  /** The screen's main landmark, for a journey that moves through it itself. */
  content(): Locator {
    return this.main;
  }

  /** The console URL of `path` in the screen's language (`/staff` or `/en/staff`). */
  url(path: string): string {
    return `${this.context.consoleUrl}${localizedPath(this.lang, path)}`;
  }

  protected async goto(path: string): Promise<void> {
    await this.page.goto(this.url(path));
  }

  heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  async expectTitle(title: string): Promise<void> {
    await expect(this.heading()).toHaveText(title);
  }

  /** The page's <title>: "Kundensuche · Moos Kundenservice". */
  async expectPageTitle(screen: string): Promise<void> {
    await expect(this.page).toHaveTitle(format(this.t.common.title, { screen }));
  }

  button(name: string): Locator {
    return this.main.getByRole("button", { name, exact: true });
  }

  /** The success message of a change (`?done=`). */
  async expectDone(action: string): Promise<void> {
    const texts = this.t.customer.done as Record<string, string>;
    const text = texts[actionKey(action)];
    if (!text) throw new Error(`no done text for ${action}`);
    await expect(this.main.getByRole("status").filter({ hasText: text })).toBeVisible();
  }

  /** A refusal, in the console's words for the API's error id (or one of its own). */
  async expectRefused(id: string, action?: string): Promise<void> {
    const errors = this.t.errors as Record<string, string | Record<string, string>>;
    const entry = errors[id];
    const text =
      typeof entry === "string" ? entry : (entry?.[actionKey(action ?? "")] ?? entry?.other);
    if (!text) throw new Error(`no text for ${id}`);
    await expect(this.main.getByRole("alert").filter({ hasText: text })).toBeVisible();
  }

  /** The staff member the header names, with their role. */
  async expectSignedIn(name: string, role: "viewer" | "support" | "admin"): Promise<void> {
    await expect(
      this.page
        .getByRole("banner")
        .getByText(format(this.t.common.signedInAs, { name, role: this.t.common.roles[role] })),
    ).toBeVisible();
  }

  async logOut(): Promise<void> {
    await this.page.getByRole("banner").getByRole("button", { name: this.t.common.logout }).click();
  }

  async switchLanguage(to: "de" | "en"): Promise<void> {
    await this.page
      .getByRole("navigation", { name: this.t.common.switchLanguage })
      .getByRole("link", { name: this.t.common.languages[to] })
      .click();
  }

  async expectAccessible(screen: string): Promise<void> {
    await expectNoAxeViolations(this.page, {
      javaScriptEnabled: this.context.javaScriptEnabled,
      screen,
    });
  }

  /**
   * The screen on a device set to dark (docs/console.md#colour-scheme): the page is dark and axe
   * finds nothing, contrast included; the device's setting is reset after.
   */
  async expectDarkAccessible(screen: string): Promise<void> {
    await this.page.emulateMedia({ colorScheme: "dark" });
    try {
      expect(await pixelAt(this.page, 0, 0)).toEqual(PAGE_DARK);
    } finally {
      await this.page.emulateMedia({ colorScheme: null });
    }
    await expectNoAxeViolations(this.page, {
      javaScriptEnabled: this.context.javaScriptEnabled,
      screen: `${screen}, dark`,
      media: { colorScheme: "dark" },
    });
  }
}
