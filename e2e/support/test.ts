// The test object every spec uses: Playwright's, plus the language a describe block runs in,
// the screens' page objects for a page, ready accounts, and a guard that fails any test on a
// browser console error or a failed same-origin request (browser-errors.ts).

import {
  type Browser,
  type BrowserContext,
  test as base,
  expect as baseExpect,
  type Page,
} from "@playwright/test";
import { AccountDeleteScreen } from "../screens/account-delete-screen.ts";
import { ActivityScreen } from "../screens/activity-screen.ts";
import { ErrorScreen } from "../screens/error-screen.ts";
import { LoadingScreen } from "../screens/loading-screen.ts";
import { LoginScreen } from "../screens/login-screen.ts";
import { MigrationScreen } from "../screens/migration-screen.ts";
import { NewsletterScreen } from "../screens/newsletter-screen.ts";
import { NewsletterSettingsSection } from "../screens/newsletter-settings-section.ts";
import { NotFoundScreen } from "../screens/not-found-screen.ts";
import { ProviderScreen } from "../screens/provider-screen.ts";
import { RecoveryScreen } from "../screens/recovery-screen.ts";
import { RegistrationScreen } from "../screens/registration-screen.ts";
import { SecurityLinkScreen } from "../screens/security-link-screen.ts";
import { SettingsPasswordScreen } from "../screens/settings-password-screen.ts";
import { SettingsScreen } from "../screens/settings-screen.ts";
import { SocialRegisterScreen } from "../screens/social-register-screen.ts";
import { SplashScreen } from "../screens/splash-screen.ts";
import { VerificationScreen } from "../screens/verification-screen.ts";
import { BrowserErrors } from "./browser-errors.ts";
import { type Account, createAccount } from "./identity-admin.ts";
import { baseUrl, german, type Language } from "./languages.ts";

export { expect } from "@playwright/test";

export interface Screens {
  readonly accountDelete: AccountDeleteScreen;
  /** The account activity (docs/account-safety.md#account-activity). */
  readonly activity: ActivityScreen;
  readonly error: ErrorScreen;
  readonly loading: LoadingScreen;
  readonly login: LoginScreen;
  readonly migration: MigrationScreen;
  readonly newsletter: NewsletterScreen;
  /** The newsletter section of settings. */
  readonly newsletterSettings: NewsletterSettingsSection;
  readonly notFound: NotFoundScreen;
  /** The local sign-in provider's page (Google, Apple, Facebook). */
  readonly provider: ProviderScreen;
  readonly recovery: RecoveryScreen;
  readonly registration: RegistrationScreen;
  /** "This wasn't me" and the undo of an email change (docs/account-safety.md). */
  readonly securityLink: SecurityLinkScreen;
  readonly settings: SettingsScreen;
  readonly settingsPassword: SettingsPasswordScreen;
  readonly socialRegister: SocialRegisterScreen;
  readonly splash: SplashScreen;
  readonly verification: VerificationScreen;
}

export function screensFor(page: Page, lang: Language, javaScriptEnabled: boolean): Screens {
  const context = { page, lang, javaScriptEnabled };
  return {
    accountDelete: new AccountDeleteScreen(context),
    activity: new ActivityScreen(context),
    error: new ErrorScreen(context),
    loading: new LoadingScreen(context),
    login: new LoginScreen(context),
    migration: new MigrationScreen(context),
    newsletter: new NewsletterScreen(context),
    newsletterSettings: new NewsletterSettingsSection(context),
    notFound: new NotFoundScreen(context),
    provider: new ProviderScreen(page, javaScriptEnabled),
    recovery: new RecoveryScreen(context),
    registration: new RegistrationScreen(context),
    securityLink: new SecurityLinkScreen(context),
    settings: new SettingsScreen(context),
    settingsPassword: new SettingsPasswordScreen(context),
    socialRegister: new SocialRegisterScreen(context),
    splash: new SplashScreen(context),
    verification: new VerificationScreen(context),
  };
}

/** The running test's guard; second browsers report to it too. */
let currentBrowserErrors: BrowserErrors | undefined;

/** A second browser (its own cookies), with the project's JavaScript setting. */
export async function secondBrowser(
  browser: Browser,
  options: { javaScriptEnabled: boolean; userAgent?: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    javaScriptEnabled: options.javaScriptEnabled,
    userAgent: options.userAgent,
    locale: "de-DE",
  });
  currentBrowserErrors?.watch(context);
  return context;
}

interface Fixtures {
  /** The language of the describe block (`test.use({ lang })`); German by default. */
  lang: Language;
  screens: Screens;
  /** A verified account with a password, made through the admin API. */
  account: Account;
  /** Console errors and failed requests of this test's browsers; `allow()` what a test provokes. */
  browserErrors: BrowserErrors;
}

export const test = base.extend<Fixtures>({
  // This worker's web app (one service set per worker, see services/global-setup.ts).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  lang: [german, { option: true }],
  screens: async ({ page, lang, javaScriptEnabled }, use) => {
    await use(screensFor(page, lang, javaScriptEnabled));
  },
  account: async ({ lang }, use) => {
    await use(await createAccount({ locale: lang.code }));
  },
  browserErrors: [
    async ({ context, javaScriptEnabled }, use) => {
      const errors = new BrowserErrors({ origin: new URL(baseUrl()).origin, javaScriptEnabled });
      errors.watch(context);
      currentBrowserErrors = errors;
      await use(errors);
      currentBrowserErrors = undefined;
      baseExpect(errors.unexpected(), "the browser reported errors").toEqual([]);
    },
    { auto: true },
  ],
});
