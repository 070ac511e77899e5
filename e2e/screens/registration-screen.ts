// `/registration`: first name, last name, email, password, repeat password; with JavaScript also
// "Weiter mit Passkey", which leads to the credential choice ("Mit Passkey registrieren", or a
// password, or back).

import { expect } from "@playwright/test";
import { plainText } from "../support/languages.ts";
import { AppScreen } from "./app-screen.ts";

export interface RegistrationInput {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly password: string;
  readonly repeatPassword: string;
}

export class RegistrationScreen extends AppScreen {
  async open(): Promise<void> {
    await this.goto("/registration");
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await this.expectUrl("/registration", { flow: true });
    await this.expectTitle(this.t.registration.title);
    await expect(this.main.getByText(plainText(this.t.registration.terms))).toBeVisible();
  }

  get labels(): Record<keyof RegistrationInput, string> {
    const { common } = this.t;
    return {
      firstName: common.firstName,
      lastName: common.lastName,
      email: common.email,
      password: common.password,
      repeatPassword: common.repeatPassword,
    };
  }

  async fill(input: RegistrationInput): Promise<void> {
    for (const [name, label] of Object.entries(this.labels)) {
      await this.field(label).fill(input[name as keyof RegistrationInput]);
    }
  }

  async submit(): Promise<void> {
    await this.button(this.t.common.createAccount).click();
  }

  async register(input: RegistrationInput): Promise<void> {
    await this.fill(input);
    await this.submit();
  }

  /** Name and email, then "Weiter mit Passkey": the identity service's credential choice. */
  async continueWithPasskey(
    input: Omit<RegistrationInput, "password" | "repeatPassword">,
  ): Promise<void> {
    await this.field(this.labels.firstName).fill(input.firstName);
    await this.field(this.labels.lastName).fill(input.lastName);
    await this.field(this.labels.email).fill(input.email);
    await this.button(this.t.registration.passkey.continue).click();
  }

  async expectCredentialChoice(email: string): Promise<void> {
    await this.expectUrl("/registration", { flow: true });
    await this.expectTitle(this.t.registration.title);
    await this.expectMessage("1040009");
    await expect(this.main.getByText(email, { exact: true })).toBeVisible();
    await expect(this.button(this.t.kratos["1040007"])).toBeEnabled();
    await expect(this.field(this.labels.password)).toBeVisible();
  }

  /** "Mit Passkey registrieren": the browser's authenticator creates the passkey. */
  async signUpWithPasskey(): Promise<void> {
    await this.button(this.t.kratos["1040007"]).click();
  }

  async back(): Promise<void> {
    await this.button(this.t.common.back).click();
  }
}
