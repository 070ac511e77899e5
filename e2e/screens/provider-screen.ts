// The local sign-in provider's page (apps/local-provider, on 127.0.0.1), where the
// journeys pick who signs in at Google, Apple or Facebook. It is not our app: German and
// English side by side, plain forms.

import { expect, type Page } from "@playwright/test";
import { uniqueEmail } from "../support/identity-admin.ts";
import { services } from "../support/services/service-set.ts";

/** The local sign-in provider all workers share. */
export function localProviderUrl(): string {
  return services().providerUrl;
}

/** A person at the provider: the same name and email always give the same account there. */
export interface ProviderPerson {
  readonly first: string;
  readonly last: string;
  /** Absent: the provider shares no email address (Facebook's case). */
  readonly email?: string;
}

/** A new person (`withoutEmail`: one the provider has no address for, as Facebook may). */
export function newProviderPerson(options: { withoutEmail?: boolean } = {}): ProviderPerson {
  const last = `Moosfreund-${Math.random().toString(36).slice(2, 10)}`;
  return options.withoutEmail
    ? { first: "Jonas", last }
    : { first: "Lena", last, email: uniqueEmail() };
}

export class ProviderScreen {
  private readonly page: Page;
  private readonly javaScriptEnabled: boolean;

  constructor(page: Page, javaScriptEnabled: boolean) {
    this.page = page;
    this.javaScriptEnabled = javaScriptEnabled;
  }

  /** The picker of `provider` (its display name) for the shop's client. */
  async expectShown(provider: "Apple" | "Facebook" | "Google"): Promise<void> {
    const path = provider.toLowerCase();
    await expect(this.page).toHaveURL(new RegExp(`^${localProviderUrl()}/${path}/interaction/`));
    await expect(this.page.getByRole("heading", { level: 1 })).toContainText(
      `Anmelden mit ${provider}`,
    );
  }

  async signInAs(provider: "Apple" | "Facebook" | "Google", person: ProviderPerson): Promise<void> {
    await this.expectShown(provider);
    const form = this.page.getByRole("group", { name: /Eigene Testperson/ });
    await form.getByLabel("E-Mail").fill(person.email ?? "");
    await form.getByLabel("Vorname").fill(person.first);
    await form.getByLabel("Nachname").fill(person.last);
    await form.getByRole("button", { name: /Als diese Person anmelden/ }).click();
    // Apple answers with a form the browser posts back to the shop (response_mode=form_post).
    // Its script sends it; without JavaScript the provider's page offers a button instead.
    if (provider === "Apple" && !this.javaScriptEnabled) {
      await this.page.getByRole("button", { name: "Continue" }).click();
    }
  }

  async cancel(provider: "Apple" | "Facebook" | "Google"): Promise<void> {
    await this.expectShown(provider);
    await this.page.getByRole("button", { name: "Abbrechen / cancel" }).click();
  }
}
