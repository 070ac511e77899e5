import { html } from "./html.ts";
import { emailDocument, noteStyle, paragraphStyle } from "./layout.ts";
import type { EmailLocale, EmailTemplate } from "./template.ts";

/** The words of an email that tells something, with at most one button. */
export interface NoticeEmailWords {
  locale: EmailLocale;
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  button?: { label: string; url: string };
  /** A one-time code, set apart in large type where a button would stand. */
  code?: string;
  /** After the button: more paragraphs. */
  after?: readonly string[];
  note: string;
  signOff: readonly string[];
}

const buttonStyle =
  "display:inline-block;padding:12px 24px;background:#3d6b35;color:#ffffff;border-radius:8px;" +
  "font-weight:700;text-decoration:none;";
const urlStyle = "margin:0 0 16px;color:#5c665c;font-size:14px;word-break:break-all;";
const codeStyle =
  "margin:0 0 16px;padding:16px;background:#f4f4f0;border-radius:8px;text-align:center;" +
  "font-family:Menlo,Consolas,Courier,monospace;font-size:32px;font-weight:700;letter-spacing:8px;";

/** The words of an email that asks for one step: enter a code, or open a link. */
export interface StepEmailWords {
  locale: EmailLocale;
  subject: string;
  greeting: string;
  intro: string;
  validity: string;
  ignoreNote: string;
  signOff: readonly string[];
}

/** A step email as a notice: the intro, the step (code or button), how long it is valid. */
export function stepNotice(
  words: StepEmailWords,
  step: Pick<NoticeEmailWords, "button" | "code">,
): NoticeEmailWords {
  return {
    locale: words.locale,
    subject: words.subject,
    greeting: words.greeting,
    paragraphs: [words.intro],
    ...step,
    after: [words.validity],
    note: words.ignoreNote,
    signOff: words.signOff,
  };
}

/**
 * Builds a notice email; a button's address also stands on its own line in both bodies, for
 * mail clients that show no buttons, and so does a code.
 */
export function noticeEmail<M>(words: (model: M) => NoticeEmailWords): EmailTemplate<M> {
  return {
    subject: (model) => words(model).subject,
    text: (model) => {
      const w = words(model);
      return [
        w.greeting,
        ...w.paragraphs,
        ...(w.button ? [w.button.url] : []),
        ...(w.code ? [w.code] : []),
        ...(w.after ?? []),
        w.note,
        w.signOff.join("\n"),
      ]
        .join("\n\n")
        .concat("\n");
    },
    html: (model) => {
      const w = words(model);
      const paragraph = (text: string) => html`<p style="${paragraphStyle}">${text}</p>\n`;
      const signOff = w.signOff.map((line, index) => (index === 0 ? line : html`<br>${line}`));
      const button = w.button
        ? html`<p style="${paragraphStyle}"><a href="${w.button.url}" style="${buttonStyle}">${w.button.label}</a></p>
<p style="${urlStyle}">${w.button.url}</p>
`
        : "";
      const code = w.code ? html`<p style="${codeStyle}">${w.code}</p>\n` : "";
      return emailDocument({
        locale: w.locale,
        title: w.subject,
        content: html`${paragraph(w.greeting)}${w.paragraphs.map(paragraph)}${button}${code}${(w.after ?? []).map(paragraph)}<p style="${noteStyle}">${w.note}</p>
<p style="margin:0;">${signOff}</p>`,
      });
    },
  };
}
