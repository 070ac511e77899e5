// Email typo hints (docs/web-app.md): "Meintest du erika@gmail.com?" on the step after an
// address with a likely typo was sent, with and without JavaScript (the projects), the same for
// an address with an account and one without, never for a real domain, and "Übernehmen" goes
// back with the address meant filled in. The hint under the field as it is typed, by keyboard,
// is in keyboard/email-typo.spec.ts; the suggestions themselves in the web app's
// validation/email-typo.test.ts.

import type { Page } from "@playwright/test";
import { createAccount, uniqueEmail } from "./support/identity-admin.ts";
import { format, type Language } from "./support/languages.ts";
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
});
