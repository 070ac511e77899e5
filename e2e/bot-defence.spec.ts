// The bot defence (docs/security.md#bot-defence) as customers and scripts meet it: a throwaway
// address refused in the customer's language; one welcome gift per mailbox, whatever its
// spelling; and, on an identity service of this spec's own whose thresholds this browser's
// address has crossed, a registration that goes through without the customer seeing anything
// of the proof of work (with JavaScript it is solved while they type; without, the service
// waits a moment instead), and a sign-in whose password step meets it the same way (a wrong
// password first: the refusal brings a fresh proof), both with JavaScript by keyboard alone;
// while a script without the proof is refused.

import type { Page } from "@playwright/test";
import { replaceText, skipToContent, tabTo } from "./keyboard/keyboard.ts";
import { createAccount, findIdentity, newAccountData } from "./support/identity-admin.ts";
import { format, german, type Language, languages } from "./support/languages.ts";
import { Mailbox } from "./support/mailbox.ts";
import { type GuardedSet, startGuardedSet } from "./support/services/guarded-set.ts";
import { expect, type Screens, test } from "./support/test.ts";
import { waitForWebhook } from "./support/webhooks.ts";

for (const lang of languages) {
  test.describe(`throwaway addresses (${lang.code})`, () => {
    test.use({ lang });

    test("registration refuses one on the email field, in the customer's language, keeping the form", async ({
      screens,
    }) => {
      const { registration } = screens;
      const account = { ...newAccountData(), email: `lea-${Date.now()}@mailinator.com` };
      await registration.open();
      await registration.register({ ...account, repeatPassword: account.password });

      await registration.expectUrl("/registration", { flow: true });
      await registration.expectFieldError(
        registration.labels.email,
        format(lang.t.kratos["4900002"], { domain: "mailinator.com" }),
      );
      await expect(registration.field(registration.labels.email)).toHaveValue(account.email);
      await expect(registration.field(registration.labels.firstName)).toHaveValue(
        account.firstName,
      );
      expect(await findIdentity(account.email)).toBeUndefined();
    });
  });
}

test.describe("one welcome gift per mailbox", () => {
  test.use({ lang: german });

  /** Signs in, says yes to the newsletter and confirms it by the emailed link. */
  async function subscribe(
    page: Page,
    screens: Screens,
    email: string,
  ): Promise<Readonly<Record<string, unknown>>> {
    const { login, newsletter } = screens;
    const account = await createAccount({ newsletter: "unanswered", locale: "de", email });
    const mailbox = new Mailbox(email);
    await page.context().clearCookies();
    await login.open();
    await login.logIn(account.email, account.password);
    await newsletter.expectQuestion();
    await newsletter.accept();
    await newsletter.expectSent();
    const mail = await mailbox.nextEmail(german.emailSubjects.newsletter);
    const link = mail.text.match(/https?:\/\/\S+?\/newsletter\/confirm\?token=[\w.-]+/)?.[0];
    expect(link, "the confirmation link").toBeTruthy();
    await newsletter.openConfirmation(link!);
    await newsletter.confirm();
    await newsletter.expectConfirmed();
    const identity = await findIdentity(email);
    return (
      await waitForWebhook("newsletter.consent_changed", {
        identity_id: identity?.id,
        status: "subscribed",
      })
    ).body.data;
  }

  test("a second account on the same Gmail mailbox gets the newsletter but no second gift", async ({
    page,
    screens,
  }) => {
    const name = `lea${Date.now().toString(36)}`;
    const first = await subscribe(page, screens, `${name}@gmail.com`);
    expect(first).toMatchObject({ subscribed: true, welcome_gift: "granted" });

    const variant = `${name.slice(0, 2)}.${name.slice(2)}+pflanzen@googlemail.com`;
    const second = await subscribe(page, screens, variant);
    expect(second).toMatchObject({
      email: variant,
      subscribed: true,
      welcome_gift: "already_granted",
    });
    const stored = await findIdentity(variant);
    expect(stored?.metadata_admin?.welcome_gift).toMatchObject({ status: "already_granted" });
  });
});

test.describe("under a proof of work", () => {
  // This spec's own identity service: from the second different address submitted from one
  // client address, registrations and sign-ins carry a proof of work (the shared sets never do,
  // as every spec comes from the same address). Light and quick, so the journeys stay short.
  let guarded: GuardedSet;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from this pattern.
  test.beforeAll(async ({}, testInfo) => {
    guarded = await startGuardedSet(`bot-defence-${testInfo.parallelIndex}`, {
      BOT_DEFENCE_IP_CHALLENGE_FROM: "2",
      BOT_DEFENCE_IP_REFUSE_FROM: "1000",
    });
    // A script registering fresh addresses from this browser's address (the browser reaches
    // the web app over loopback, IPv4 or IPv6; the service believes its proxy 127.0.0.1).
    for (const address of ["127.0.0.1", "::1"]) {
      for (let i = 0; i < 2; i++) await botRegisters(guarded, address);
    }
  });
  test.afterAll(async () => guarded?.stop());

  for (const lang of languages) {
    test.describe(lang.code, () => {
      test.use({ lang });

      test("a customer registers without meeting it", async ({
        screens,
        javaScriptEnabled,
        page,
      }) => {
        const { registration, verification } = screens;
        const before = await challengeCounts(guarded);
        const account = newAccountData();
        await registration.open();
        await expectProofAsked(page, lang, javaScriptEnabled);
        await registration.expectAccessible("registration under a proof of work");

        // With JavaScript by keyboard alone (keyboard/keyboard.ts); without it the browser
        // decides focus, so the screen's own steps.
        const input = { ...account, repeatPassword: account.password };
        if (javaScriptEnabled) {
          const { labels } = registration;
          await skipToContent(page, lang, registration.field(labels.firstName));
          await page.keyboard.type(input.firstName);
          for (const name of ["lastName", "email", "password", "repeatPassword"] as const) {
            await tabTo(page, registration.field(labels[name]));
            await page.keyboard.type(input[name]);
          }
          await page.keyboard.press("Enter");
        } else await registration.register(input);

        await verification.expectCodeStep(account.email);
        if (javaScriptEnabled)
          await expect(verification.field(lang.t.common.verificationCode)).toBeFocused();
        await expectNoProofMessages(page, lang);
        const after = await challengeCounts(guarded);
        // With JavaScript the browser solved it; without, the service waited instead.
        const event = javaScriptEnabled ? "solved" : "waited";
        expect(after[event]).toBe(before[event] + 1);
        expect(after.failed).toBe(before.failed);
      });

      test("a customer signs in through it, a wrong password first", async ({
        screens,
        javaScriptEnabled,
        page,
      }) => {
        const { login, splash } = screens;
        const { common } = lang.t;
        const account = await createAccount();
        const before = await challengeCounts(guarded);
        // With JavaScript by keyboard alone (keyboard/keyboard.ts); without it the browser
        // decides focus, so the screen's own steps.
        const byKeyboard = javaScriptEnabled;
        await login.open();
        if (byKeyboard) {
          await skipToContent(page, lang, login.field(common.email));
          await page.keyboard.type(account.email);
          await page.keyboard.press("Enter");
        } else await login.enterEmail(account.email);
        // The identifier step checks no credential and spends nothing; the password step asks.
        await login.expectPasswordStep(account.email);
        await expectProofAsked(page, lang, javaScriptEnabled);
        await login.expectAccessible("login's password step under a proof of work");

        const password = login.field(common.password);
        if (byKeyboard) {
          await expect(password).toBeFocused();
          await page.keyboard.type(`${account.password}-wrong`);
          await page.keyboard.press("Enter");
        } else await login.enterPassword(`${account.password}-wrong`);
        await login.expectInvalidCredentials();
        // The refused submit brought a fresh proof, asked for by the next one.
        await expectProofAsked(page, lang, javaScriptEnabled);
        await login.expectAccessible("login, wrong password, under a proof of work");
        if (byKeyboard) {
          await expect(password).toBeFocused();
          await replaceText(page, account.password);
          await page.keyboard.press("Enter");
        } else await login.enterPassword(account.password);

        await splash.expectSignedIn(account.email);
        await expectNoProofMessages(page, lang);
        const after = await challengeCounts(guarded);
        // Both submits: with JavaScript the browser solved each proof; without, the service
        // waited instead.
        const event = javaScriptEnabled ? "solved" : "waited";
        expect(after[event]).toBe(before[event] + 2);
        expect(after.failed).toBe(before.failed);
      });
    });
  }

  test("a script without the proof is refused with the message to complete it", async () => {
    const answer = await botRegisters(guarded, "127.0.0.1");
    expect(answer.status).toBe(400);
    expect(answer.captcha, "the flow carries the proof of work").toBe(true);
    expect(answer.messages).toEqual([
      expect.objectContaining({ id: 1070015, text: expect.any(String) }),
    ]);
  });
});

/**
 * The flow asks for the proof: with JavaScript its solution's field is in the form; without,
 * a note says sending takes a moment longer (getByText skips <noscript>; its role does not).
 */
async function expectProofAsked(
  page: Page,
  lang: Language,
  javaScriptEnabled: boolean,
): Promise<void> {
  const solution = page.locator('input[name="transient_payload.captcha_altcha_response"]');
  const note = page.getByRole("note").filter({ hasText: lang.t.common.captcha.noScript });
  if (javaScriptEnabled) {
    await expect(solution.first()).toBeAttached();
    await expect(note).toHaveCount(0);
  } else {
    await expect(solution).toHaveCount(0);
    await expect(note).toBeVisible();
  }
}

/** Nothing of the proof reached the customer: no message to complete it, none of a wrong one. */
async function expectNoProofMessages(page: Page, lang: Language): Promise<void> {
  const { kratos, common } = lang.t;
  for (const text of [kratos["1070015"], kratos["4000038"], common.captcha.waiting]) {
    await expect(page.getByText(text)).toHaveCount(0);
  }
}

interface BotAnswer {
  readonly status: number;
  readonly captcha: boolean;
  readonly messages: readonly { id: number; type: string; text: string }[];
}

/** An app's registration (API flow) from `address`, a fresh address, no proof of work. */
async function botRegisters(set: GuardedSet, address: string): Promise<BotAnswer> {
  const headers = { accept: "application/json", "x-forwarded-for": address };
  const flow = (await (
    await fetch(`${set.identityPublicUrl}/self-service/registration/api`, { headers })
  ).json()) as { id: string; ui: { nodes: { group: string }[] } };
  const email = `bot-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await fetch(
    `${set.identityPublicUrl}/self-service/registration?flow=${flow.id}`,
    {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({
        method: "password",
        password: "x",
        traits: { email, name: { first: "Bo", last: "Bot" } },
      }),
    },
  );
  const answer = (await response.json()) as {
    ui?: { messages?: BotAnswer["messages"]; nodes: { group: string }[] };
  };
  return {
    status: response.status,
    captcha: flow.ui.nodes.some((node) => node.group === "captcha"),
    messages: answer.ui?.messages ?? [],
  };
}

/** The guarded service's `moos_identity_bot_challenges_total` by event. */
type ChallengeEvent = "issued" | "solved" | "failed" | "waited";

async function challengeCounts(set: GuardedSet): Promise<Record<ChallengeEvent, number>> {
  const text = await (await fetch(`${set.identityAdminUrl}/metrics`)).text();
  const counts: Record<string, number> = { issued: 0, solved: 0, failed: 0, waited: 0 };
  for (const match of text.matchAll(/^moos_identity_bot_challenges_total\{event="(\w+)"\} (\d+)/gm))
    counts[match[1]!] = Number(match[2]);
  return counts as Record<ChallengeEvent, number>;
}
