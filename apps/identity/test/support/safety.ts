import { type ParsedMail, simpleParser } from "mailparser";
import { csrfOf, type Json, password } from "../contract/account-helpers.ts";
import type { Browser, Harness } from "./harness.ts";

// Helpers of the account safety tests (docs/account-safety.md): sign-ins as a given browser (User-Agent),
// the outbox and the SMTP server's mail read by template, and the links notices carry.

export const firefoxOnWindows =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** A JSON request as a browser (its cookie jar) with a User-Agent. */
export function call(
  h: Harness,
  browser: Pick<Browser, "fetch">,
  path: string,
  init: { method?: string; body?: unknown; userAgent?: string; accept?: string } = {},
): Promise<Response> {
  return browser.fetch(`${h.publicUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      accept: init.accept ?? "application/json",
      "user-agent": init.userAgent ?? firefoxOnWindows,
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

/** A password sign-in through a browser login flow; returns the answer's status. */
export async function browserSignIn(
  h: Harness,
  browser: Browser,
  email: string,
  options: { password?: string; userAgent?: string } = {},
): Promise<number> {
  const flow = (await (
    await call(h, browser, "/self-service/login/browser", options)
  ).json()) as Json;
  const answer = await call(h, browser, `/self-service/login?flow=${flow.id}`, {
    ...options,
    method: "POST",
    body: {
      method: "password",
      identifier: email,
      password: options.password ?? password,
      csrf_token: csrfOf(flow),
    },
  });
  return answer.status;
}

/** The outbox's emails to an address with this template, oldest first. */
export async function outboxMails(
  h: Harness,
  address: string,
  templateType: string,
): Promise<{ subject: string; body: string }[]> {
  const messages = await h.courierApi().listCourierMessages({ recipient: address, pageSize: 100 });
  return messages
    .filter((m) => m.template_type === templateType)
    .reverse()
    .map((m) => ({ subject: m.subject, body: m.body }));
}

/** Waits until the SMTP server got a mail to the address whose subject matches, parsed. */
export async function deliveredMail(
  h: Harness,
  address: string,
  subject: RegExp,
  index = 0,
): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const parsed = await Promise.all(
      h.mails.filter((m) => m.to === address).map((m) => simpleParser(m.raw)),
    );
    const matching = parsed.filter((mail) => subject.test(mail.subject ?? ""));
    if (matching[index]) return matching[index];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" #${index} reached ${address}`);
}

/** The token of the link in a notice's body. */
export function linkToken(body: string): string {
  const token = body.match(/[?&]token=([A-Za-z0-9]{43})\b/)?.[1];
  if (!token) throw new Error("the notice carries no link");
  return token;
}
