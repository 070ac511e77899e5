// What every screen has: the frame (logo, language switch, notifications), one h1, fields with
// their error texts, alerts, success notes. The screens' page objects build on it.

import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  format,
  type KratosId,
  type Language,
  localizedPath,
  messagePattern,
  screenUrl,
  type Texts,
} from "../support/languages.ts";

/** The labels of social sign-in buttons on login, registration and re-authentication. */
export type SocialLabel = "1010002" | "1040002" | "1010018";
export type SocialErrorCode = keyof Texts["social"]["errors"];

export interface ScreenContext {
  readonly page: Page;
  readonly lang: Language;
  /** The project's setting: with JavaScript, success notes are toasts; without, alerts. */
  readonly javaScriptEnabled: boolean;
}

export abstract class AppScreen {
  protected readonly context: ScreenContext;

  constructor(context: ScreenContext) {
    this.context = context;
  }

  get page(): Page {
    return this.context.page;
  }

  get lang(): Language {
    return this.context.lang;
  }

  get t(): Texts {
    return this.context.lang.t;
  }

  protected get main(): Locator {
    return this.page.getByRole("main");
  }

  /** Opens a path in the screen's language (`/login` or `/en/login`). */
  protected async goto(path: string): Promise<void> {
    await this.page.goto(localizedPath(this.lang, path));
  }

  heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  async expectTitle(title: string): Promise<void> {
    await expect(this.heading()).toHaveText(title);
  }

  async expectUrl(
    path: string,
    options: { flow?: boolean; query?: Readonly<Record<string, string>> } = {},
  ): Promise<void> {
    await expect(this.page).toHaveURL(screenUrl(this.lang, path, options));
  }

  /** What the screen says: its main region's text as the browser renders it. */
  async mainText(): Promise<string> {
    return this.main.innerText();
  }

  /** The flow id in the address bar. */
  flowId(): string | null {
    return new URL(this.page.url()).searchParams.get("flow");
  }

  field(label: string): Locator {
    return this.main.getByRole("textbox", { name: label, exact: true });
  }

  button(name: string): Locator {
    return this.main.getByRole("button", { name, exact: true });
  }

  link(name: string): Locator {
    return this.main.getByRole("link", { name, exact: true });
  }

  /** The field is marked invalid, shows the message, and the message describes the field. */
  async expectFieldError(label: string, message: string): Promise<void> {
    const field = this.field(label);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
    await expect(this.main.getByRole("alert").getByText(message, { exact: true })).toBeVisible();
  }

  async expectNoFieldError(label: string): Promise<void> {
    const field = this.field(label);
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription("");
  }

  /** Our messages only: no form leaves checking to the browser's own validation bubbles. */
  async expectNoBrowserValidation(): Promise<void> {
    await expect(this.page.locator("form")).not.toHaveCount(0);
    await expect(this.page.locator("form:not([novalidate])")).toHaveCount(0);
  }

  /** An error or warning shown in the screen (role=alert), with exactly this text. */
  async expectAlert(text: string | RegExp): Promise<void> {
    await expect(this.main.getByRole("alert").filter({ hasText: text })).toHaveText(text);
  }

  /** An identity service message shown in the screen in the screen's language. */
  async expectMessage(id: KratosId): Promise<void> {
    await expect(this.main.getByText(messagePattern(this.t.kratos[id]))).toBeVisible();
  }

  /**
   * A success note: a toast in the notifications region with JavaScript, the same note as a
   * server-rendered alert (role=status) without it.
   */
  async expectSuccessNote(text: string | RegExp): Promise<void> {
    if (this.context.javaScriptEnabled) {
      const region = this.page.getByRole("region", {
        name: format(this.t.common.notifications, { hotkey: "F8" }),
      });
      await expect(region.getByRole("listitem").filter({ hasText: text })).toBeVisible();
    } else {
      await expect(this.main.getByRole("status").filter({ hasText: text })).toBeVisible();
    }
  }

  /** The success note of an identity service message (1050001, 1060001, 1080002). */
  async expectSuccessMessage(id: KratosId): Promise<void> {
    await this.expectSuccessNote(messagePattern(this.t.kratos[id]));
  }

  /**
   * A social sign-in button in the screen's social form: "Weiter mit Google" on login and the
   * splash (1010002), on registration (1040002), or "Mit Google bestätigen" (1010018).
   */
  socialButton(provider: string, label: SocialLabel = "1010002"): Locator {
    return this.main
      .getByRole("form", { name: this.t.social.formLabel })
      .getByRole("button", { name: format(this.t.kratos[label], { provider }), exact: true });
  }

  async continueWith(provider: string, label: SocialLabel = "1010002"): Promise<void> {
    await this.socialButton(provider, label).click();
  }

  /**
   * The social login redirect screen: it covers the page (a modal dialog) while the browser
   * goes to the provider, with a link there in case nothing happens.
   */
  async expectSocialRedirect(provider: string, href: RegExp): Promise<void> {
    const { redirect } = this.t.social;
    const dialog = this.page.getByRole("dialog", { name: format(redirect.title, { provider }) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(format(redirect.text, { provider }))).toBeVisible();
    await expect(
      dialog.getByRole("heading", { name: format(redirect.title, { provider }) }),
    ).toBeFocused();
    await expect(
      dialog.getByRole("link", { name: format(redirect.fallbackLink, { provider }) }),
    ).toHaveAttribute("href", href);
  }

  async followSocialRedirectLink(provider: string): Promise<void> {
    const { redirect } = this.t.social;
    await this.page
      .getByRole("dialog", { name: format(redirect.title, { provider }) })
      .getByRole("link", { name: format(redirect.fallbackLink, { provider }) })
      .click();
  }

  /** A failed social sign-in, in the customer's words (4000001 with its `oidc_error`). */
  async expectSocialError(code: SocialErrorCode, provider?: string): Promise<void> {
    await this.expectAlert(format(this.t.social.errors[code], { provider: provider ?? "none" }));
  }

  languageSwitch(): Locator {
    return this.page.getByRole("navigation", { name: this.t.common.switchLanguage });
  }

  /** Follows the switch's link to `lang` (each language is named in itself). */
  async switchLanguage(lang: Language): Promise<void> {
    await this.languageSwitch()
      .getByRole("link", { name: this.t.common.languages[lang.code], exact: true })
      .click();
  }

  /** The footer landmark (`contentinfo`): the shop's legal pages, the accessibility statement. */
  footer(): Locator {
    return this.page.getByRole("contentinfo");
  }

  /** Every legal link of the footer, by name, pointing where the web app's settings say. */
  async expectLegalFooter(urls: {
    terms: string;
    privacy: string;
    imprint: string;
    accessibility: string;
  }): Promise<void> {
    const { footer } = this.t.common;
    const nav = this.footer().getByRole("navigation", { name: footer.label });
    for (const key of ["terms", "privacy", "imprint", "accessibility"] as const) {
      await expect(nav.getByRole("link", { name: footer[key], exact: true })).toHaveAttribute(
        "href",
        urls[key],
      );
    }
  }

  async expectAccessible(screen: string): Promise<void> {
    await expectNoAxeViolations(this.page, {
      javaScriptEnabled: this.context.javaScriptEnabled,
      screen: `${screen} (${this.lang.code})`,
    });
  }
}
