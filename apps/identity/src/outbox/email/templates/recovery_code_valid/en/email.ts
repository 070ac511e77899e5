import { codeEmail } from "../../code-email.ts";
import { type EmailTemplate, formatMinutes } from "../../template.ts";
import type { RecoveryCodeModel } from "../model.ts";

export const email: EmailTemplate<RecoveryCodeModel> = codeEmail<RecoveryCodeModel>((model) => ({
  locale: "en",
  ...(model.migration
    ? {
        subject: `Your account has moved: your code ${model.code}`,
        intro:
          "Your account has moved: Moos has a new customer account and your details are " +
          "already there. To sign in again, please set a new password. Enter this code to " +
          "do so:",
      }
    : {
        subject: `Your code to reset your Moos password: ${model.code}`,
        intro: "To reset your Moos password, please enter this code:",
      }),
  greeting: "Hi,",
  validity: `The code is valid for ${formatMinutes("en", model.expiresInMinutes)}.`,
  ignoreNote:
    "If you didn't ask for this, you can simply ignore this email. " +
    "Your password stays as it is.",
  signOff: ["Best wishes,", "The Moos team"],
}));
