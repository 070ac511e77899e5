import type { SafeHtml } from "./html.ts";

export type EmailLocale = "de" | "en";

/** What the outbox stores: subject, plain-text body and HTML body. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** One template in one language. `M` is the model the flow hands over. */
export interface EmailTemplate<M> {
  subject(model: M): string;
  text(model: M): string;
  html(model: M): SafeHtml;
}

/** The model of every "here is your code" email. */
export interface CodeModel {
  code: string;
  expiresInMinutes: number;
}

/** "10 Minuten" / "10 minutes", with the number written the language's way. */
export function formatMinutes(locale: EmailLocale, minutes: number): string {
  const number = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB").format(minutes);
  if (locale === "de") return `${number} ${minutes === 1 ? "Minute" : "Minuten"}`;
  return `${number} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** The model of every "open this link" email (the link method). */
export interface LinkModel {
  url: string;
  expiresInMinutes: number;
}
