import { html } from "./html.ts";
import { emailDocument, noteStyle, paragraphStyle } from "./layout.ts";
import type { CodeModel, EmailLocale, EmailTemplate } from "./template.ts";

/** The words of one "here is your code" email; the layout around them is shared. */
export interface CodeEmailWords {
  locale: EmailLocale;
  subject: string;
  greeting: string;
  intro: string;
  validity: string;
  ignoreNote: string;
  signOff: readonly string[];
}

const codeStyle =
  "margin:0 0 16px;padding:16px;background:#f4f4f0;border-radius:8px;text-align:center;" +
  "font-family:Menlo,Consolas,Courier,monospace;font-size:32px;font-weight:700;letter-spacing:8px;";

/** Builds a code email from its words: the code stands alone on its own line in both bodies. */
export function codeEmail<M extends CodeModel = CodeModel>(
  words: (model: M) => CodeEmailWords,
): EmailTemplate<M> {
  return {
    subject: (model) => words(model).subject,
    text: (model) => {
      const w = words(model);
      return [w.greeting, w.intro, model.code, w.validity, w.ignoreNote, w.signOff.join("\n")]
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
<p style="${codeStyle}">${model.code}</p>
<p style="${paragraphStyle}">${w.validity}</p>
<p style="${noteStyle}">${w.ignoreNote}</p>
<p style="margin:0;">${signOff}</p>`,
      });
    },
  };
}
