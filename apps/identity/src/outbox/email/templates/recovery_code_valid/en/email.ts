import { codeEmail } from "../../code-email.ts";
import { noticeEmail, type StepEmailWords, stepNotice } from "../../notice-email.ts";
import { type EmailTemplate, formatMinutes } from "../../template.ts";
import type { RecoveryCodeModel } from "../model.ts";

const common = (model: RecoveryCodeModel) =>
  ({
    locale: "en",
    greeting: "Hi,",
    validity: `The code is valid for ${formatMinutes("en", model.expiresInMinutes)}.`,
    signOff: ["Best wishes,", "The Moos team"],
  }) as const;

const reset = codeEmail<RecoveryCodeModel>((model) => ({
  ...common(model),
  subject: `Your code to reset your Moos password: ${model.code}`,
  intro: "To reset your Moos password, please enter this code:",
  ignoreNote:
    "If you didn't ask for this, you can simply ignore this email. " +
    "Your password stays as it is.",
}));

// Imported without a password (docs/newsletter-deletion-migration.md#customers-who-need-migration):
// sent after a sign-in attempt as well as after "Forgot your password?", so the note fits both.
const moved = noticeEmail<RecoveryCodeModel>((model) => {
  const words: StepEmailWords = {
    ...common(model),
    subject: `Your account has moved: your code ${model.code}`,
    intro:
      "Your account has moved: Moos has a new customer account and your details are " +
      "already there. To sign in again, please set a new password. " +
      (model.migrationUrl
        ? "Open this page and enter this code there:"
        : "Enter this code to do so:"),
    ignoreNote:
      "If this wasn't you, you can simply ignore this email. Nothing changes in your account.",
  };
  return stepNotice(words, {
    code: model.code,
    ...(model.migrationUrl
      ? { button: { label: "Set a new password", url: model.migrationUrl } }
      : {}),
  });
});

export const email: EmailTemplate<RecoveryCodeModel> = {
  subject: (model) => (model.migration ? moved : reset).subject(model),
  text: (model) => (model.migration ? moved : reset).text(model),
  html: (model) => (model.migration ? moved : reset).html(model),
};
