import { noticeEmail } from "./notice-email.ts";
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

/** Builds a link email from its words: a notice with the link as its button. */
export function linkEmail(words: (model: LinkModel) => LinkEmailWords): EmailTemplate<LinkModel> {
  return noticeEmail((model) => {
    const w = words(model);
    return {
      locale: w.locale,
      subject: w.subject,
      greeting: w.greeting,
      paragraphs: [w.intro],
      button: { label: w.button, url: model.url },
      after: [w.validity],
      note: w.ignoreNote,
      signOff: w.signOff,
    };
  });
}
