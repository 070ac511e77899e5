// Reads the MailDev inbox the identity service sends to in the browser tests (real SMTP).
// MailDev 3 serves its REST API under /api; its `time` has whole seconds only, so new emails are
// told apart by id: a Mailbox remembers the ones it has handed out.

import { services } from "./services/service-set.ts";

const WAIT_MS = 15_000;

interface MaildevEmail {
  id: string;
  to: { address: string }[];
  subject: string;
  text: string;
  html?: string;
}

export interface Email {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface CodeEmail {
  readonly code: string;
  readonly subject: string;
}

async function emailsTo(address: string): Promise<MaildevEmail[]> {
  const response = await fetch(`${services().mailApiUrl}/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  const emails = (await response.json()) as MaildevEmail[];
  return emails.filter((email) => email.to.some((to) => to.address === address));
}

/** One customer's inbox. */
export class Mailbox {
  private readonly seen = new Set<string>();

  readonly address: string;

  constructor(address: string) {
    this.address = address;
  }

  /**
   * Waits for the newest email with a code not handed out before and returns its 6-digit code.
   * Security notices carry no code; one may arrive after the code it follows.
   */
  async nextCode(): Promise<CodeEmail> {
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const fresh = (await emailsTo(this.address)).filter((email) => !this.seen.has(email.id));
      const email = fresh.filter((candidate) => /\b\d{6}\b/.test(candidate.text)).at(-1);
      const code = email?.text.match(/\b(\d{6})\b/)?.[1];
      if (email && code) {
        for (const old of fresh) this.seen.add(old.id);
        return { code, subject: email.subject };
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no new email with a code reached ${this.address} within ${WAIT_MS} ms`);
  }

  /** Waits for the newest email not handed out before whose subject matches. */
  async nextEmail(subject: RegExp): Promise<Email> {
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const fresh = (await emailsTo(this.address)).filter(
        (email) => !this.seen.has(email.id) && subject.test(email.subject),
      );
      const email = fresh.at(-1);
      if (email) {
        for (const old of fresh) this.seen.add(old.id);
        return { subject: email.subject, text: email.text, html: email.html ?? "" };
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no new email "${subject}" reached ${this.address} within ${WAIT_MS} ms`);
  }

  /** No email whose subject matches has reached the address (so far: it does not wait). */
  async expectNone(subject: RegExp): Promise<void> {
    const matching = (await emailsTo(this.address)).filter((email) => subject.test(email.subject));
    if (matching.length > 0) {
      throw new Error(`"${matching[0]?.subject}" reached ${this.address}, expected none`);
    }
  }
}

/** The link of a security notice ("Das war ich nicht", or the undo of an email change). */
export function noticeLink(email: Email): string {
  const url = email.text.match(/https?:\/\/\S+\/security\/[a-z-]+\?token=[A-Za-z0-9]+/)?.[0];
  if (!url) throw new Error(`the email "${email.subject}" carries no security link`);
  return url;
}

/** The link of the "account has moved" email to the User migration screen, with its flow. */
export function migrationLink(email: Email): string {
  const url = email.text.match(/https?:\/\/\S+\/migration\?flow=[0-9a-f-]{36}/)?.[0];
  if (!url) throw new Error(`the email "${email.subject}" carries no link to User migration`);
  return url;
}
