import { codeEmail } from "../../code-email.ts";
import { type CodeModel, type EmailTemplate, formatMinutes } from "../../template.ts";

export const email: EmailTemplate<CodeModel> = codeEmail((model) => ({
  locale: "en",
  subject: `Your code to reset your Moos password: ${model.code}`,
  greeting: "Hi,",
  intro: "To reset your Moos password, please enter this code:",
  validity: `The code is valid for ${formatMinutes("en", model.expiresInMinutes)}.`,
  ignoreNote:
    "If you didn't ask for this, you can simply ignore this email. " +
    "Your password stays as it is.",
  signOff: ["Best wishes,", "The Moos team"],
}));
