import { noticeEmail, type StepEmailWords, stepNotice } from "./notice-email.ts";
import type { CodeModel, EmailTemplate } from "./template.ts";

/** Builds a code email from its words: a notice with the code where a button would stand. */
export function codeEmail<M extends CodeModel = CodeModel>(
  words: (model: M) => StepEmailWords,
): EmailTemplate<M> {
  return noticeEmail((model) => stepNotice(words(model), { code: model.code }));
}
