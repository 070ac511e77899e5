// The test object of the console's specs: the shared one (support/test.ts) plus this worker's
// console (started on first use: services/console.ts; the deployment suite's runs behind nginx),
// the console's page objects, and a second guard for browser errors on the console's origin.

import type { Page } from "@playwright/test";
import { ConsoleAuditScreen } from "../screens/console/audit-screen.ts";
import type { ConsoleContext } from "../screens/console/console-screen.ts";
import { ConsoleCustomerScreen } from "../screens/console/customer-screen.ts";
import { ConsoleNotFoundScreen } from "../screens/console/not-found-screen.ts";
import { ConsoleSearchScreen } from "../screens/console/search-screen.ts";
import { ConsoleSignInScreen } from "../screens/console/sign-in-screen.ts";
import { ConsoleStaffScreen } from "../screens/console/staff-screen.ts";
import type { BrowserErrors } from "./browser-errors.ts";
import type { StaffMember } from "./console-staff.ts";
import type { Language } from "./languages.ts";
import { startConsole } from "./services/console.ts";
import { serviceSet } from "./services/service-set.ts";
import { test as base, expect } from "./test.ts";

export { expect };

export interface ConsoleScreens {
  readonly signIn: ConsoleSignInScreen;
  readonly search: ConsoleSearchScreen;
  readonly customer: ConsoleCustomerScreen;
  readonly audit: ConsoleAuditScreen;
  readonly staff: ConsoleStaffScreen;
  readonly notFound: ConsoleNotFoundScreen;
}

export function consoleScreensFor(context: ConsoleContext): ConsoleScreens {
  return {
    signIn: new ConsoleSignInScreen(context),
    search: new ConsoleSearchScreen(context),
    customer: new ConsoleCustomerScreen(context),
    audit: new ConsoleAuditScreen(context),
    staff: new ConsoleStaffScreen(context),
    notFound: new ConsoleNotFoundScreen(context),
  };
}

interface Fixtures {
  console: ConsoleScreens;
  /** Signs `staff` in to the console from its front page; ends on the search screen. */
  signInToConsole: (staff: StaffMember) => Promise<void>;
  /** The shared guard (support/test.ts), counting the console's origin as own. */
  consoleErrors: BrowserErrors;
}

interface WorkerFixtures {
  /** This worker's console origin. */
  consoleUrl: string;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  consoleUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const set = serviceSet();
      if (set.consoleUrl) return use(set.consoleUrl);
      const running = await startConsole(set, workerInfo.parallelIndex);
      await use(running.url);
      await running.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  console: async ({ page, lang, javaScriptEnabled, consoleUrl }, use) => {
    await use(consoleScreensFor({ page, lang, javaScriptEnabled, consoleUrl }));
  },
  signInToConsole: async ({ console }, use) => {
    await use(async (staff) => {
      await console.search.page.goto(console.search.url("/"));
      await console.signIn.expectShown();
      await console.signIn.signIn(staff);
      await console.search.expectShown();
    });
  },
  consoleErrors: [
    async ({ browserErrors, consoleUrl }, use) => {
      browserErrors.addOrigin(new URL(consoleUrl).origin);
      await use(browserErrors);
    },
    { auto: true },
  ],
});

/** The console screens of a second page (another staff member, another browser). */
export function consoleScreensOf(
  page: Page,
  lang: Language,
  javaScriptEnabled: boolean,
  consoleUrl: string,
): ConsoleScreens {
  return consoleScreensFor({ page, lang, javaScriptEnabled, consoleUrl });
}
