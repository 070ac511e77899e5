// The test object of the console's specs: the shared one (support/test.ts) plus this worker's
// console (started on first use: services/console.ts; the deployment suite's runs behind nginx),
// the console's page objects, and a second guard for browser errors on the console's origin.

import type { StaffRole } from "@moos/contract";
import type { Cookie, Page } from "@playwright/test";
import { ConsoleAuditScreen } from "../screens/console/audit-screen.ts";
import type { ConsoleContext } from "../screens/console/console-screen.ts";
import { ConsoleCustomerScreen } from "../screens/console/customer-screen.ts";
import { ConsoleNotFoundScreen } from "../screens/console/not-found-screen.ts";
import { ConsoleSearchScreen } from "../screens/console/search-screen.ts";
import { ConsoleSignInScreen } from "../screens/console/sign-in-screen.ts";
import { ConsoleStaffScreen } from "../screens/console/staff-screen.ts";
import type { BrowserErrors } from "./browser-errors.ts";
import { createStaff, type StaffMember } from "./console-staff.ts";
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
  /**
   * A staff member of this worker with `role`, signed in to the console in this test's browser,
   * on the search screen. The first test of a worker that asks for a role signs them in through
   * Moos; later tests take the cookies of that sign-in (a staff session is a sealed cookie, so
   * any copy is as good), and sign in again should the session have ended meanwhile.
   */
  signedInAs: (role: StaffRole) => Promise<StaffMember>;
  /**
   * Forgets the cookies `signedInAs` keeps for `role`: after logging out, the provider's session
   * they hold has ended, and a later test must sign in anew (with the copy, the provider's logout
   * finds no one signed in and asks for a click without JavaScript).
   */
  forgetSignIn: (role: StaffRole) => void;
  /** The shared guard (support/test.ts), counting the console's origin as own. */
  consoleErrors: BrowserErrors;
}

interface WorkerFixtures {
  /** This worker's console origin. */
  consoleUrl: string;
  /** The staff members `signedInAs` made in this worker, with their browser's cookies. */
  staffSessions: Map<StaffRole, { staff: StaffMember; cookies: Cookie[] }>;
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
  staffSessions: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(new Map());
    },
    { scope: "worker" },
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
  signedInAs: async ({ console, signInToConsole, staffSessions, context }, use) => {
    await use(async (role) => {
      const known = staffSessions.get(role);
      if (known) {
        await context.addCookies(known.cookies);
        await console.search.page.goto(console.search.url("/"));
        if ((await console.search.heading().textContent()) === console.search.t.search.title) {
          return known.staff;
        }
        await context.clearCookies();
      }
      const staff = known?.staff ?? (await createStaff(role));
      await signInToConsole(staff);
      staffSessions.set(role, { staff, cookies: (await context.storageState()).cookies });
      return staff;
    });
  },
  forgetSignIn: async ({ staffSessions }, use) => {
    await use((role) => {
      staffSessions.delete(role);
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
