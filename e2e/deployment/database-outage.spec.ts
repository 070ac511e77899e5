// A database crash costs customers nothing (docs/production.md#when-the-database-is-down): the
// deployment's one PostgreSQL, which both identity instances and the OpenID provider use, is
// crashed (`pg_ctl stop -m immediate`) three times while customers sign up, verify their
// address and sign in through nginx. No process exits; nginx answers nothing but 2xx, 3xx, a
// client's 4xx and 503; customers are told "briefly unavailable" and try again, keeping their
// flow; every email the outbox promised arrives once; sessions made before the crashes are
// still valid after them. Then the notice itself: German and English, with and without
// JavaScript, by keyboard, axe.

import type { Browser, Page } from "@playwright/test";
import { attachPostgres } from "../../apps/identity/test/support/postgres.ts";
import { UnavailableNotice } from "../screens/unavailable-notice.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { newAccountData } from "../support/identity-admin.ts";
import { english, german, type Language } from "../support/languages.ts";
import { Mailbox } from "../support/mailbox.ts";
import { expect, screensFor, test } from "../support/test.ts";
import { deployment, exitedProcesses } from "./deployment.ts";
import { deliveries, drainedOutbox, nginxAnswers, nginxLogMarks, shown, step } from "./outage.ts";

const postgres = () => attachPostgres(deployment().postgres);

/** A browser of its own for one customer. */
async function newCustomerPage(
  browser: Browser,
  options: { javaScriptEnabled: boolean; lang: Language },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: deployment().publicUrl,
    ignoreHTTPSErrors: true,
    javaScriptEnabled: options.javaScriptEnabled,
    locale: options.lang.code === "de" ? "de-DE" : "en-GB",
  });
  return context.newPage();
}

/** Three outages, each begun at a customer's step and ended once that customer was told. */
class Outages {
  readonly notices: string[] = [];
  readonly crashes: string[] = [];
  /** Customers whose sign-up was stored although it was answered 503 (the crash came after). */
  readonly storedDespite503: string[] = [];
  private waiting: ((where: string) => void) | undefined;

  seen(where: string): void {
    this.notices.push(where);
    this.waiting?.(where);
  }

  /**
   * Crashes the database before `act` (a customer's step) and restarts it once that customer,
   * and a newcomer who opens the registration meanwhile, have been told it is unavailable.
   */
  async during(name: string, observer: Page, act: () => Promise<void>): Promise<void> {
    const told = new Promise<void>((resolve) => {
      this.waiting = (where) => {
        if (where.startsWith(name)) resolve();
      };
    });
    this.crashes.push(name);
    await postgres().crash();
    const acting = act();
    try {
      // A newcomer meanwhile cannot start: the screen says so, with "Erneut versuchen".
      await observer.goto("/registration");
      await new UnavailableNotice(observer, german).expectScreen();
      await Promise.race([told, acting.catch(() => undefined)]);
    } finally {
      await postgres().restart();
    }
    await acting;
  }
}

test.describe("a PostgreSQL that crashes while customers sign up, verify and sign in", () => {
  test.describe.configure({ mode: "serial" });

  test("three crashes: no process exits, no answer is an error, no email or session is lost", async ({
    browser,
  }) => {
    // Four journeys of three steps each, three outages: longer than the suite's default.
    test.setTimeout(300_000);
    const marks = nginxLogMarks();
    const outages = new Outages();
    const observer = await newCustomerPage(browser, { javaScriptEnabled: true, lang: german });
    const signedUp: { page: Page; email: string }[] = [];

    /** Sign up, verify by code, then sign in on a second browser; `at` crashes at one step. */
    const customer = async (
      name: string,
      javaScriptEnabled: boolean,
      at?: "sign-up" | "verify" | "sign-in",
    ): Promise<void> => {
      const crashAt = (here: string, act: () => Promise<void>) =>
        at === here ? outages.during(name, observer, act) : act();
      const page = await newCustomerPage(browser, { javaScriptEnabled, lang: german });
      const screens = screensFor(page, german, javaScriptEnabled);
      const { t } = german;
      const main = page.getByRole("main");
      const account = newAccountData();
      const mailbox = new Mailbox(account.email);
      const common = { lang: german, javaScriptEnabled, notices: outages };
      const verify = (on: Page, code: string) =>
        step(on, {
          ...common,
          name,
          ready: on
            .getByRole("main")
            .getByRole("button", { name: t.verification.verify, exact: true }),
          act: () => screensFor(on, german, javaScriptEnabled).verification.enterCode(code),
          done: on.getByRole("main").getByRole("heading", { name: t.verification.doneTitle }),
        });

      await page.goto("/registration");
      const codeStep = main.getByRole("button", { name: t.verification.verify, exact: true });
      // A sign-up the database stored just before it crashed was still answered 503: sent again,
      // the address is taken. The customer signs in then, and verifies there.
      const taken = main.getByText(t.kratos["4000007"]);
      await crashAt("sign-up", () =>
        step(page, {
          ...common,
          name,
          ready: main.getByRole("button", { name: t.common.createAccount, exact: true }),
          act: () =>
            screens.registration.register({ ...account, repeatPassword: account.password }),
          done: codeStep.or(taken),
        }),
      );
      const storedDespite503 = await shown(taken);
      if (!storedDespite503) {
        await screens.verification.expectCodeStep(account.email);
        const { code } = await mailbox.nextCode();
        await crashAt("verify", () => verify(page, code));
        signedUp.push({ page, email: account.email });
      } else outages.storedDespite503.push(name);

      const second = await newCustomerPage(browser, { javaScriptEnabled, lang: german });
      const again = screensFor(second, german, javaScriptEnabled);
      const secondMain = second.getByRole("main");
      await second.goto("/login");
      const passwordStep = secondMain.getByRole("button", { name: t.common.logIn, exact: true });
      const signIn = (at: "sign-in" | "") =>
        crashAt(at, () =>
          step(second, {
            ...common,
            name,
            ready: passwordStep,
            act: () => again.login.enterPassword(account.password),
            // A new account is asked about the newsletter first; one not verified is told so.
            done: secondMain
              .getByRole("heading", { name: german.t.newsletter.title })
              .or(secondMain.getByText(t.kratos["4000010"])),
          }),
        );
      await step(second, {
        ...common,
        name,
        ready: secondMain.getByRole("button", { name: t.common.continue, exact: true }),
        act: () => again.login.enterEmail(account.email),
        done: passwordStep,
      });
      await signIn("sign-in");
      if (storedDespite503) {
        await again.login.expectNotVerified();
        await again.login.verifyNow();
        await step(second, {
          ...common,
          name,
          ready: secondMain.getByRole("button", { name: t.verification.sendCode, exact: true }),
          act: () => again.verification.requestCode(account.email),
          done: secondMain.getByRole("button", { name: t.verification.verify, exact: true }),
        });
        const { code } = await mailbox.nextCode();
        await verify(second, code);
        await second.goto("/login");
        await step(second, {
          ...common,
          name,
          ready: secondMain.getByRole("button", { name: t.common.continue, exact: true }),
          act: () => again.login.enterEmail(account.email),
          done: passwordStep,
        });
        await signIn("");
      }
      await expect(
        secondMain.getByRole("heading", { name: german.t.newsletter.title }),
      ).toBeVisible();
      await second.context().close();
    };

    await Promise.all([
      customer("Anna", true, "sign-up"),
      customer("Bernd", false, "verify"),
      customer("Carla", true, "sign-in"),
      customer("Dieter", false),
    ]);

    expect(exitedProcesses(), "processes that exited").toEqual([]);
    const answers = nginxAnswers(marks);
    const errors = [...answers].filter(([key]) => /\s5\d\d$/.test(key) && !key.endsWith(" 503"));
    expect(errors, "answers other than 2xx, 3xx, 4xx and 503").toEqual([]);
    console.info("nginx's answers:", Object.fromEntries(answers));
    console.info("customers told 'briefly unavailable':", outages.notices);
    console.info("sign-ups stored despite a 503:", outages.storedDespite503);
    expect(outages.crashes).toHaveLength(3);

    // The sessions made at sign-up, before the crashes, are valid after them.
    for (const { page, email } of signedUp) {
      await screensFor(page, german, true).splash.open();
      await screensFor(page, german, true).splash.expectSignedIn(email);
      await page.context().close();
    }
    await observer.context().close();

    // Every email the outbox promised arrived; a second copy only where a crash fell between
    // the SMTP server taking it and the outbox recording it.
    const promised = await drainedOutbox();
    const received = await deliveries();
    const lost = promised.filter((message) => !received.has(message.id));
    const twice = promised.filter((message) => (received.get(message.id) ?? 0) > 1);
    console.info(`emails promised ${promised.length}, lost ${lost.length}, twice ${twice.length}`);
    expect(lost).toEqual([]);
    expect(twice.length).toBeLessThanOrEqual(outages.crashes.length);
  });

  for (const { lang, javaScriptEnabled } of [
    { lang: english, javaScriptEnabled: true },
    { lang: german, javaScriptEnabled: false },
  ]) {
    test(`signed in during an outage (${lang.code}, ${javaScriptEnabled ? "with" : "without"} JavaScript): never "log in", and the newsletter question is not skipped`, async ({
      browser,
    }) => {
      const page = await newCustomerPage(browser, { javaScriptEnabled, lang });
      const screens = screensFor(page, lang, javaScriptEnabled);
      const notice = new UnavailableNotice(page, lang);
      const account = newAccountData();
      try {
        await page.goto(`${lang.prefix}/registration`);
        await screens.registration.register({ ...account, repeatPassword: account.password });
        await screens.verification.expectCodeStep(account.email);
        await screens.verification.enterCode((await new Mailbox(account.email).nextCode()).code);
        await screens.verification.expectVerified();
        await postgres().crash();
        try {
          // "Continue" after the verification leads through the newsletter question, which
          // cannot be read now: told to try again, not sent past it.
          await screens.verification.continue();
          await notice.expectScreen();
          // The landing cannot know whether the customer is signed in: it says so, and does
          // not offer to log in.
          await page.goto(`${lang.prefix}/`);
          await notice.expectScreen();
          await expect(
            page.getByRole("main").getByRole("link", { name: lang.t.common.logIn }),
          ).toHaveCount(0);
          await expectNoAxeViolations(page, { javaScriptEnabled, screen: "splash, unavailable" });
          await page.goBack();
          await notice.expectScreen();
        } finally {
          await postgres().restart();
        }
        await notice.retryLink.focus();
        await page.keyboard.press("Enter");
        await expect(
          page.getByRole("main").getByRole("heading", { name: lang.t.newsletter.title }),
        ).toBeVisible();
        await screens.splash.open();
        await screens.splash.expectSignedIn(account.email);
      } finally {
        await page.context().close();
      }
    });
  }

  for (const { lang, javaScriptEnabled } of [
    { lang: german, javaScriptEnabled: true },
    { lang: english, javaScriptEnabled: false },
  ]) {
    const kept = javaScriptEnabled
      ? "the form keeps what was typed"
      : "the same flow comes back with Try again";
    test(`the notice in ${lang.code}, ${javaScriptEnabled ? "with" : "without"} JavaScript: ${kept}`, async ({
      browser,
    }) => {
      const page = await newCustomerPage(browser, { javaScriptEnabled, lang });
      const screens = screensFor(page, lang, javaScriptEnabled);
      const notice = new UnavailableNotice(page, lang);
      const account = newAccountData();
      const { common } = lang.t;
      try {
        await page.goto(`${lang.prefix}/registration`);
        await screens.registration.expectShown();
        const flowId = new URL(page.url()).searchParams.get("flow");
        await screens.registration.fill({ ...account, repeatPassword: account.password });
        await postgres().crash();
        try {
          // The keyboard sends it: Enter in the last field.
          await page.keyboard.press("Enter");
          if (javaScriptEnabled) {
            // The form stays as it was, passwords aside, and says so above its button.
            await notice.expectInForm(common.createAccount);
            for (const label of [common.firstName, common.lastName, common.email])
              await expect(page.getByLabel(label, { exact: true })).not.toHaveValue("");
            await expect(page.getByLabel(common.email, { exact: true })).toHaveValue(account.email);
          } else {
            // The page the browser loads needs the identity service to draw the form: it says
            // it is unavailable and offers the same flow again.
            await notice.expectScreen();
            await expect(notice.retryLink).toHaveAttribute("href", new RegExp(`flow=${flowId}`));
          }
          await expectNoAxeViolations(page, {
            javaScriptEnabled,
            screen: "registration, unavailable",
          });

          // A newcomer cannot start a flow meanwhile: the screen says so.
          const newcomer = await newCustomerPage(browser, { javaScriptEnabled, lang });
          await newcomer.goto(`${lang.prefix}/login`);
          await new UnavailableNotice(newcomer, lang).expectScreen();
          await expectNoAxeViolations(newcomer, {
            javaScriptEnabled,
            screen: "login, unavailable",
          });
          await newcomer.context().close();
        } finally {
          await postgres().restart();
        }
        if (!javaScriptEnabled) {
          // "Try again" by keyboard: the same flow, its form empty again.
          await notice.retryLink.focus();
          await page.keyboard.press("Enter");
          await screens.registration.expectShown();
          expect(new URL(page.url()).searchParams.get("flow")).toBe(flowId);
          await screens.registration.fill({ ...account, repeatPassword: account.password });
        } else {
          // The passwords typed again (never kept); the same button sends the same flow.
          await screens.registration.fill({ ...account, repeatPassword: account.password });
        }
        await screens.registration.submit();
        await screens.verification.expectCodeStep(account.email);
      } finally {
        await page.context().close();
      }
    });
  }
});
