// What every screen shows while the identity service is briefly unavailable (its database
// away, docs/web-app.md#briefly-unavailable): a form keeps what was typed and says so above its
// button (the button is the retry); a screen that could not load or start its flow says so
// with "Erneut versuchen"; the error page too, with its own title.

import { expect, type Locator, type Page } from "@playwright/test";
import type { Language } from "../support/languages.ts";

export class UnavailableNotice {
  readonly page: Page;
  readonly lang: Language;

  constructor(page: Page, lang: Language) {
    this.page = page;
    this.lang = lang;
  }

  /** The notice, wherever it is shown. */
  get alert(): Locator {
    return this.page
      .getByRole("main")
      .getByRole("alert")
      .filter({ hasText: this.lang.t.common.unavailable });
  }

  /** "Erneut versuchen" on a screen that could not load or start its flow. */
  get retryLink(): Locator {
    return this.page.getByRole("main").getByRole("link", { name: this.lang.t.common.tryAgain });
  }

  /** The screen could not load or start its flow: the notice and the way to try again. */
  async expectScreen(): Promise<void> {
    await expect(this.alert).toHaveText(this.lang.t.common.unavailable);
    await expect(this.retryLink).toBeVisible();
  }

  /** A form that was sent says so above its button, and is still there. */
  async expectInForm(button: string): Promise<void> {
    const notice = this.page.getByRole("alert").filter({ hasText: this.lang.t.common.unavailable });
    const form = this.page.getByRole("main").locator("form").filter({ has: notice });
    await expect(form.getByRole("button", { name: button, exact: true })).toBeVisible();
  }
}
