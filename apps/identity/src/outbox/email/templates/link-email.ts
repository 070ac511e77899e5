import { noticeEmail, type StepEmailWords, stepNotice } from "./notice-email.ts";
import type { EmailTemplate, LinkModel } from "./template.ts";

/** The words of one "open this link" email; the layout around them is shared. */
export interface LinkEmailWords extends StepEmailWords {
  button: string;
}

/** Builds a link email from its words: a notice with the link as its button. */
export function linkEmail(words: (model: LinkModel) => LinkEmailWords): EmailTemplate<LinkModel> {
  return noticeEmail((model) => {
    const w = words(model);
    return stepNotice(w, { button: { label: w.button, url: model.url } });
  });
}
