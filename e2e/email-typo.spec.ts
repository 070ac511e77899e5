// Email typo hints (docs/web-app.md): "Meintest du erika@gmail.com?" on the step after an
// address with a likely typo was sent, with and without JavaScript (the projects), the same for
// an address with an account and one without, never for a real domain, and "Übernehmen" goes
// back with the address meant filled in: to sign-in's and recovery's first step, and after
// registering (the account exists with the typo) to settings, as the new address. The hint under the field as it is typed, by keyboard,
// is in keyboard/email-typo.spec.ts; the suggestions themselves in the web app's
// validation/email-typo.test.ts.

import type { Page } from "@playwright/test";
import { createAccount, newAccountData, uniqueEmail } from "./support/identity-admin.ts";
import { format, type Language } from "./support/languages.ts";
import { signIn } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

function typoHint(page: Page, lang: Language, meant: string) {
  return page
    .getByRole("status")
    .filter({ hasText: format(lang.t.common.emailTypo.question, { email: meant }) });
}

test.describe("email typo hints", () => {
  test("sign-in: the password step asks for an address with a typo, registered or not", async ({
    page,
    screens,
    lang,
  }) => {
    const { login } = screens;
    const registered = await createAccount({ email: uniqueEmail("gmial.com") });
    const unknown = uniqueEmail("gmial.com");
    for (const email of [registered.email, unknown]) {
      await login.open();
      await login.enterEmail(email);
      await login.expectPasswordStep(email);
      await expect(typoHint(page, lang, email.replace("gmial.com", "gmail.com"))).toBeVisible();
    }

    const meant = unknown.replace("gmial.com", "gmail.com");
    await typoHint(page, lang, meant)
      .getByRole("link", { name: lang.t.common.emailTypo.take })
      .click();
    await login.expectEmailStep();
    await expect(login.field(lang.t.common.email)).toHaveValue(meant);

    // A real German domain, short as it is, is never "corrected" (ok.de is not o2.de).
    const real = uniqueEmail("ok.de");
    await login.enterEmail(real);
    await login.expectPasswordStep(real);
    await expect(page.getByRole("status").filter({ hasText: "@o2.de" })).toHaveCount(0);
  });

  test("sign-in: a press on Weiter, held as the field is left, still goes on", async ({
    page,
    screens,
    lang,
    javaScriptEnabled,
  }) => {
    const { login } = screens;
    const email = uniqueEmail("gmial.com");
    const meant = email.replace("gmial.com", "gmail.com");
    await login.open();
    await login.field(lang.t.common.email).fill(email);
    const next = login.button(lang.t.common.continue);
    const before = await next.boundingBox();
    if (!before) throw new Error("Weiter has no box");
    // Leaving the field commits it; with JavaScript the hint's lists (a chunk of their own, the
    // only one naming hotmail.com) load then. A hint shown during the press would push Weiter
    // down under the pointer, and the release would miss it.
    const lists = javaScriptEnabled
      ? page.waitForResponse(
          async (response) =>
            response.request().resourceType() === "script" &&
            (await response.text()).includes("hotmail.com"),
        )
      : undefined;
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    if (lists) {
      await lists;
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      await expect(typoHint(page, lang, meant)).toHaveCount(0);
      expect(await next.boundingBox()).toEqual(before);
    }
    await page.mouse.up();
    await login.expectPasswordStep(email);
    await expect(typoHint(page, lang, meant)).toBeVisible();
  });

  test("recovery: the code step asks, and takes the address back to the first step", async ({
    page,
    screens,
    lang,
  }) => {
    const { recovery } = screens;
    const typed = uniqueEmail("web.dee");
    const meant = typed.replace("web.dee", "web.de");
    await recovery.open();
    await recovery.requestCode(typed);
    await recovery.expectCodeStep();
    await typoHint(page, lang, meant)
      .getByRole("link", { name: lang.t.common.emailTypo.take })
      .click();
    await recovery.expectEmailStep();
    await expect(recovery.field(lang.t.common.email)).toHaveValue(meant);
  });

  test("registration: the verification step asks, and takes the address to settings", async ({
    page,
    screens,
    lang,
  }) => {
    const { registration, verification, settings } = screens;
    const account = newAccountData();
    const typed = account.email.replace("example.com", "gmial.com");
    const meant = typed.replace("gmial.com", "gmail.com");
    await registration.open();
    await registration.register({ ...account, email: typed, repeatPassword: account.password });
    await verification.expectCodeStep(typed);
    await typoHint(page, lang, meant)
      .getByRole("link", { name: lang.t.common.emailTypo.take })
      .click();
    await settings.expectShown();
    await expect(settings.field(lang.t.common.email)).toHaveValue(meant);
  });

  test("email change: the waiting change asks, and takes the address back to settings", async ({
    page,
    screens,
    lang,
    account,
  }) => {
    const { splash, settings } = screens;
    const typed = account.email.replace("example.com", "outlok.de");
    const meant = typed.replace("outlok.de", "outlook.de");
    await signIn(page, account);
    await splash.open();
    await splash.expectSignedIn(account.email);
    await settings.open();
    await settings.expectShown();
    await settings.changeEmail(typed);
    await settings.expectShown();
    await settings.expectCodeSent(typed);
    await settings.expectEmailChangePending(typed, account.email);
    await typoHint(page, lang, meant)
      .getByRole("link", { name: lang.t.common.emailTypo.take })
      .click();
    await settings.expectShown();
    await expect(settings.field(lang.t.common.email)).toHaveValue(meant);
  });
});
