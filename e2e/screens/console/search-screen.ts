// The console's search: by exact email, customer id or the start of a name; results masked.

import { expect, type Locator } from "@playwright/test";
import { format } from "../../support/languages.ts";
import { ConsoleScreen } from "./console-screen.ts";

export type QueryKind = "email" | "id" | "name";

export class ConsoleSearchScreen extends ConsoleScreen {
  async open(): Promise<void> {
    await this.goto("/");
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await this.expectTitle(this.t.search.title);
    await this.expectPageTitle(this.t.search.title);
  }

  field(): Locator {
    return this.page.getByRole("search").getByRole("searchbox", { name: this.t.search.label });
  }

  async search(query: string): Promise<void> {
    await this.field().fill(query);
    await this.page.getByRole("search").getByRole("button", { name: this.t.search.submit }).click();
  }

  /** The results' heading: how many, for which kind of search. */
  async expectResults(count: number, kind: QueryKind): Promise<void> {
    const pattern = this.resultsPattern(count, kind);
    await expect(this.main.getByRole("heading", { level: 2 })).toHaveText(pattern);
    if (count > 0) await expect(this.resultRows()).toHaveCount(count);
  }

  private resultsPattern(count: number, kind: QueryKind): string {
    // "{count, plural, =0 {Keine Treffer} one {# Treffer} other {# Treffer}} für {kind}"
    const plural = /\{count, plural, =0 \{([^}]*)\} one \{([^}]*)\} other \{([^}]*)\}\}/.exec(
      this.t.search.results,
    );
    if (!plural) throw new Error("unexpected shape of search.results");
    const words = (count === 0 ? plural[1] : count === 1 ? plural[2] : plural[3]) ?? "";
    const rest = this.t.search.results.slice((plural.index ?? 0) + plural[0].length);
    return `${words.replace("#", String(count))}${format(rest, { kind: this.t.search.kinds[kind] })}`;
  }

  resultRows(): Locator {
    return this.main.getByRole("row").filter({ has: this.page.getByRole("cell") });
  }

  /** A result as shown: the masked name (the link) and the masked address. */
  async expectResult(nameMasked: string, emailMasked: string): Promise<void> {
    const row = this.resultRows().filter({ hasText: nameMasked });
    await expect(row.getByRole("link", { name: nameMasked })).toBeVisible();
    await expect(row.getByText(emailMasked, { exact: true })).toBeVisible();
  }

  async expectEmpty(): Promise<void> {
    await expect(this.main.getByText(this.t.search.empty)).toBeVisible();
  }

  async expectInvalid(): Promise<void> {
    await expect(
      this.main.getByRole("alert").filter({ hasText: this.t.errors.console_search_invalid }),
    ).toBeVisible();
  }

  async openResult(nameMasked: string): Promise<void> {
    await this.main.getByRole("link", { name: nameMasked, exact: true }).click();
  }
}
