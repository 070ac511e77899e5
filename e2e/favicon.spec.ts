// The site's icon: /favicon.ico answered 404, a console error on every page in a
// desktop browser. Both icons the pages name exist, and the login screen loads without any
// console error (the browser-errors guard in support/test.ts checks every test for that).

import { expect, test } from "./support/test.ts";

test.describe("favicon", () => {
  test("/favicon.ico is an icon", async ({ request }) => {
    const response = await request.get("/favicon.ico");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/x-icon");
    // An ICO header: reserved 0, type 1 (icon), then the number of images.
    expect([...(await response.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  // Headless Chromium does not fetch icons by itself (a desktop browser or Lighthouse does, and
  // logged the 404): the test fetches what the page names.
  test("the login screen names its icons, and each one loads", async ({ page, request }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const links = page.locator('head link[rel="icon"]');
    const hrefs: string[] = [];
    for (let index = 0; index < (await links.count()); index += 1) {
      hrefs.push((await links.nth(index).getAttribute("href")) ?? "");
    }
    expect(hrefs.some((href) => href.startsWith("/favicon.ico"))).toBe(true);
    expect(hrefs.some((href) => href.startsWith("/icon.svg"))).toBe(true);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  });
});
