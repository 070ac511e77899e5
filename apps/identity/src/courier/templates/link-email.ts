import { html } from "./html.ts";
import { emailDocument, noteStyle, paragraphStyle } from "./layout.ts";
import type { EmailLocale, EmailTemplate, LinkModel } from "./template.ts";

/** The words of one "open this link" email; the layout around them is shared. */
export interface LinkEmailWords {
  locale: EmailLocale;
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  validity: string;
  ignoreNote: string;
  signOff: readonly string[];
}

const buttonStyle =
  "display:inline-block;padding:12px 24px;background:#3d6b35;color:#ffffff;border-radius:8px;" +
  "font-weight:700;text-decoration:none;";
const urlStyle = "margin:0 0 16px;color:#5c665c;font-size:14px;word-break:break-all;";

/**
 * Builds a link email from its words: a button in the HTML body, and the address itself on its
 * own line in both bodies, for mail clients that show no buttons.
 */
export function linkEmail(words: (model: LinkModel) => LinkEmailWords): EmailTemplate<LinkModel> {
  return {
    subject: (model) => words(model).subject,
    text: (model) => {
      const w = words(model);
      return [w.greeting, w.intro, model.url, w.validity, w.ignoreNote, w.signOff.join("\n")]
        .join("\n\n")
        .concat("\n");
    },
    html: (model) => {
      const w = words(model);
      const signOff = w.signOff.map((line, index) => (index === 0 ? line : html`<br>${line}`));
      return emailDocument({
        locale: w.locale,
        title: w.subject,
        content: html`<p style="${paragraphStyle}">${w.greeting}</p>
<p style="${paragraphStyle}">${w.intro}</p>
<p style="${paragraphStyle}"><a href="${model.url}" style="${buttonStyle}">${w.button}</a></p>
<p style="${urlStyle}">${model.url}</p>
<p style="${paragraphStyle}">${w.validity}</p>
<p style="${noteStyle}">${w.ignoreNote}</p>
<p style="margin:0;">${signOff}</p>`,
      });
    },
  };
}
