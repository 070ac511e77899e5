// The customer-service console by keyboard alone (no mouse calls once signed in; the sign-in
// screens are the web app's, whose keyboard journey is login.spec.ts): skip to the search, find
// a customer, open the account, lock it with a reason. Where focus is after each step (the
// message a change leads to takes it), and that no live region comes in with its text.

import { apiSignIn } from "../support/console-staff.ts";
import { expect, test } from "../support/console-test.ts";
import { createAccount, findIdentity } from "../support/identity-admin.ts";
import { expectLiveRegionsKept, setups, tabTo, watchLiveRegions } from "./keyboard.ts";

for (const { lang, viewport } of setups) {
  test.describe(`console by keyboard (${lang.code}, ${viewport.width} px)`, () => {
    test.use({ lang, viewport });

    test("search, open the account, lock it with a reason", async ({
      page,
      console: screens,
      signedInAs,
    }) => {
      const { search, customer } = screens;
      const person = await createAccount({ locale: lang.code });
      await apiSignIn(person);
      const identity = await findIdentity(person.email);
      await watchLiveRegions(page);
      await signedInAs("support");

      // A fresh load: the skip link is the first stop and leads past the header.
      await page.goto(search.url("/"));
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: search.t.common.skipToContent })).toBeFocused();
      await page.keyboard.press("Enter");
      await tabTo(page, search.field());
      await page.keyboard.type(person.email);
      await page.keyboard.press("Enter");
      await search.expectResults(1, "email");

      const name = `${person.firstName} ${person.lastName[0]}.`;
      await tabTo(page, search.content().getByRole("link", { name, exact: true }));
      await page.keyboard.press("Enter");
      await customer.expectShown(`${person.firstName} ${person.lastName}`, person.email);
      expect(page.url()).toContain(identity?.id);

      const lock = customer.section("lock");
      await tabTo(page, lock.getByRole("textbox", { name: customer.t.common.reason }));
      await page.keyboard.type("Kundin meldet fremde Bestellungen");
      await page.keyboard.press("Tab");
      await expect(
        lock.getByRole("button", { name: customer.t.customer.lock.submitLock }),
      ).toBeFocused();
      await page.keyboard.press("Enter");
      await customer.expectDone("account.lock");
      // The message has focus, so it is read at once and Tab goes on from there.
      await expect(page.locator("#notice")).toBeFocused();
      await customer.expectLocked();

      await customer.expectAccessible(`console customer, locked (${lang.code})`);
      await expectLiveRegionsKept(page);
    });
  });
}
