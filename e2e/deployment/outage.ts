// What the database outage spec (database-outage.spec.ts) needs around the customers: their
// steps, done again as a customer would while the screen says "briefly unavailable"; the
// answers nginx gave; the emails the outbox promised against those MailDev got.

import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { UnavailableNotice } from "../screens/unavailable-notice.ts";
import type { Language } from "../support/languages.ts";
import { services } from "../support/services/service-set.ts";
import { deployment } from "./deployment.ts";

const STEP_MS = 60_000;

/** What happened to the customers: notices seen (by whom, where). */
export interface NoticeLog {
  seen(where: string): void;
}

/**
 * One step of a customer: `act` fills in and sends the form showing now (ready: `ready` is
 * visible); the step is over when `done` is visible. While the screen says the identity service
 * is briefly unavailable the customer tries again: "Erneut versuchen" where the screen offers
 * it (it loads or starts the same flow), else the form, whose notice says to send it again.
 */
export async function step(
  page: Page,
  options: {
    lang: Language;
    javaScriptEnabled: boolean;
    name: string;
    ready: Locator;
    act: () => Promise<void>;
    /** What shows the step is over (several joined with `or()`). */
    done: Locator;
    notices: NoticeLog;
  },
): Promise<void> {
  const notice = new UnavailableNotice(page, options.lang);
  const main = page.getByRole("main");
  let acted = false;
  for (let attempt = 0; ; attempt++) {
    if (attempt === 30) throw new Error(`${options.name}: still not done after 30 attempts`);
    // Once the form was sent, its answer is awaited (the notice's text is put into its live
    // region a moment after the region itself); before, the form being there is enough.
    const anyAlert = main.getByRole("alert").filter({ hasText: /\S/ });
    const answer = options.done.or(notice.alert).or(anyAlert);
    await expect(
      (acted ? answer : answer.or(options.ready)).filter({ visible: true }).first(),
    ).toBeVisible({ timeout: STEP_MS });
    if (await shown(options.done)) return;
    if (await shown(notice.retryLink)) {
      options.notices.seen(`${options.name}: screen`);
      await settled(page, false, () => notice.retryLink.click());
      acted = false;
      continue;
    }
    const told = await shown(notice.alert);
    // Anything but the step's form, or its form again without the notice: not what an outage
    // may show (a refused CSRF token, a generic error).
    if (!(await shown(options.ready)) || (acted && !told)) {
      const shown = (await main.innerText()).replace(/\s+/g, " ");
      throw new Error(`${options.name}: unexpected screen at ${page.url()}: ${shown}`);
    }
    if (told) options.notices.seen(`${options.name}: form`);
    await settled(page, options.javaScriptEnabled, options.act);
    acted = true;
  }
}

/** Whether any element the locator finds is visible now. */
export async function shown(locator: Locator): Promise<boolean> {
  return (await locator.filter({ visible: true }).count()) > 0;
}

/**
 * Does `act` (which sends a form or follows a link) and waits for its answer to be on the
 * screen: a new document without JavaScript, the server action's answer with it (its button
 * stops being busy), so a notice from before is never taken for the new answer.
 */
async function settled(page: Page, javaScriptEnabled: boolean, act: () => Promise<void>) {
  if (!javaScriptEnabled) {
    const loaded = page.waitForEvent("load", { timeout: STEP_MS });
    await act();
    await loaded;
    return;
  }
  const origin = new URL(deployment().publicUrl).origin;
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().startsWith(origin),
    { timeout: STEP_MS },
  );
  await act();
  // A link loads a document; a form's server action answers its POST.
  await Promise.race([answered, page.waitForEvent("load", { timeout: STEP_MS })]);
  await expect(page.locator("main [aria-busy=true]")).toHaveCount(0, { timeout: STEP_MS });
}

/** Where each of nginx's logs ends now: what is written after it is this test's. */
export function nginxLogMarks(): Map<string, number> {
  const marks = new Map<string, number>();
  for (const log of ["public", "identity", "identity-admin"]) {
    marks.set(log, statSync(path.join(deployment().nginxLogs, `${log}.log`)).size);
  }
  return marks;
}

/** The answers nginx gave since the marks, by log and status: "identity 503" -> count. */
export function nginxAnswers(marks: Map<string, number>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [log, from] of marks) {
    const text = readFileSync(path.join(deployment().nginxLogs, `${log}.log`)).subarray(from);
    for (const [, status] of text.toString("utf8").matchAll(/" (\d{3}) \d+ rt=/g)) {
      const key = `${log} ${status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

interface CourierMessage {
  id: string;
  recipient: string;
  status: string;
}

/** Waits until the outbox has nothing left to send, then returns what it holds. */
export async function drainedOutbox(): Promise<CourierMessage[]> {
  const { identityAdminUrl, adminToken } = deployment();
  const list = async (): Promise<CourierMessage[]> => {
    const response = await fetch(`${identityAdminUrl}/admin/courier/messages?page_size=1000`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    return (await response.json()) as CourierMessage[];
  };
  await expect
    .poll(async () => (await list()).filter((m) => m.status !== "sent").length, {
      message: "the outbox empties",
      timeout: 60_000,
    })
    .toBe(0);
  return list();
}

/** How often MailDev received each outbox message (the Message-ID is the message's id). */
export async function deliveries(): Promise<Map<string, number>> {
  const response = await fetch(`${services().mailApiUrl}/email`);
  const emails = (await response.json()) as { headers: Record<string, string | undefined> }[];
  const counts = new Map<string, number>();
  for (const { headers } of emails) {
    const id = headers["message-id"]?.replace(/^<|@.*$/g, "") ?? "";
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
