import { noticeEmail } from "./notice-email.ts";
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

/** Builds a code email from its words: a notice with the code where a button would stand. */
export function codeEmail<M extends CodeModel = CodeModel>(
  words: (model: M) => CodeEmailWords,
): EmailTemplate<M> {
  return noticeEmail((model) => {
    const w = words(model);
    return {
      locale: w.locale,
      subject: w.subject,
      greeting: w.greeting,
      paragraphs: [w.intro],
      code: model.code,
      after: [w.validity],
      note: w.ignoreNote,
      signOff: w.signOff,
    };
  });
}
