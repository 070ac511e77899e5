// The peer app as a customer uses it: Ory Elements' screens (English, its own texts, which are
// Kratos's messages) and the app's home page, which says who is signed in. Locators go by role
// and visible text only, as a person reads the page.

import { expect, type Locator, type Page } from "@playwright/test";
import type { ModeServices } from "./elements-services.ts";

export interface Person {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly password: string;
}

export function newPerson(): Person {
  return {
    email: `elements-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    firstName: "Mia",
    lastName: "Moos",
    password: "Gruene-Monstera-2026",
  };
}

/** Kratos's texts as Ory Elements shows them. */
export const texts = {
  chooseMethod:
    "Sign up with your email and a password, a one-time code, a Passkey or a security key",
  codeSent:
    "A code has been sent to the address(es) you provided. If you have not received a message, check the spelling of the address and retry the registration.",
  verified: "You successfully verified your email address.",
  invalidCredentials:
    "The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.",
  saved: "Your changes have been saved!",
} as const;

export class ElementsApp {
  readonly page: Page;
  private readonly services: ModeServices;

  constructor(page: Page, services: ModeServices) {
    this.page = page;
    this.services = services;
  }

  private url(path: string): string {
    return new URL(path, this.services.appUrl).toString();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole("button", { name });
  }

  /** The text is shown (a message may show twice, in a toast and in its section). */
  async expectText(text: string): Promise<void> {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }

  // Registration: the profile first, then the way to sign in (Kratos's profile_first).
  async startRegistration(person: Person): Promise<void> {
    await this.page.goto(this.url("/auth/registration"));
    await this.field("E-Mail").fill(person.email);
    await this.field("First Name").fill(person.firstName);
    await this.field("Last Name").fill(person.lastName);
    await this.button("Sign up").click();
    await this.expectText(texts.chooseMethod);
    await expect(this.page.getByText(person.email, { exact: true })).toBeVisible();
    // Every way is offered and ready: a password, an emailed code, a passkey (whose button
    // Ory Elements enables once webauthn.js has announced itself).
    await expect(this.button(/^Password/)).toBeVisible();
    await expect(this.button(/^Email code/)).toBeVisible();
    await expect(this.button(/^Passkey/)).toBeEnabled();
  }

  async registerWithPassword(person: Person): Promise<void> {
    await this.button(/^Password/).click();
    await this.field("Password").fill(person.password);
    await this.button("Sign up").click();
  }

  async registerWithCode(code: () => Promise<string>): Promise<void> {
    await this.button(/^Email code/).click();
    await this.expectText(texts.codeSent);
    await this.field("Registration code").fill(await code());
    await this.button("Continue").click();
  }

  async verify(code: string): Promise<void> {
    await this.field("Verification code").fill(code);
    await this.button("Continue").click();
    await this.expectText(texts.verified);
    await this.page.getByRole("link", { name: "Continue" }).click();
  }

  /** Ory Elements has sent the browser to the app's home (the return URL), signed in. */
  async expectSignedIn(email: string, name = "Mia Moos"): Promise<void> {
    await expect(this.page).toHaveURL(this.url("/"));
    await expect(this.page.getByRole("heading", { level: 1 })).toHaveText(`Signed in as ${email}`);
    await expect(this.page.getByText(`Name: ${name}`, { exact: true })).toBeVisible();
  }

  async logOut(): Promise<void> {
    await this.page.goto(this.url("/"));
    await this.page.getByRole("link", { name: "Log out" }).click();
    await expect(this.page.getByRole("heading", { level: 1 })).toHaveText("Not signed in");
  }

  /** Identifier first: the email, then the choice of method (password or a code), then the password. */
  async logIn(email: string, password: string): Promise<void> {
    await this.page.goto(this.url("/auth/login"));
    await this.field("E-Mail").fill(email);
    await this.button("Continue").click();
    await expect(this.button(`Send code to ${email}`)).toBeVisible();
    await this.button(/^Password/).click();
    await this.field("Password").fill(password);
    await this.button("Sign in").click();
  }

  async recover(email: string, code: () => Promise<string>): Promise<void> {
    await this.page.goto(this.url("/auth/recovery"));
    await this.field("Email").fill(email);
    await this.button("Continue").click();
    await this.field("Recovery code").fill(await code());
    await this.button("Continue").click();
  }

  /**
   * A settings section's Save: Kratos answers with the flow and `redirect_browser_to` (the
   * settings screen again), which Ory Elements follows, so the page loads once more.
   */
  private async save(label: string): Promise<void> {
    const reloaded = this.page.waitForEvent("load");
    await this.section(label).getByRole("button", { name: "Save" }).click();
    await reloaded;
    await this.expectText(texts.saved);
  }

  async changeFirstName(name: string): Promise<void> {
    await this.field("First Name").fill(name);
    await this.save("First Name");
    await expect(this.field("First Name")).toHaveValue(name);
  }

  async changePassword(password: string): Promise<void> {
    await this.field("Password").fill(password);
    await this.save("Password");
  }

  /** The settings form that holds the field labelled `label`. */
  private section(label: string): Locator {
    return this.page.locator("form").filter({ has: this.field(label) });
  }
}
