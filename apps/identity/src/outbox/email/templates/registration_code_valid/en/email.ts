import { codeEmail } from "../../code-email.ts";
import { type CodeModel, type EmailTemplate, formatMinutes } from "../../template.ts";

export const email: EmailTemplate<CodeModel> = codeEmail((model) => ({
  locale: "en",
  subject: `Your code to create your Moos account: ${model.code}`,
  greeting: "Hi,",
  intro: "To create your Moos account, please enter this code:",
  validity: `The code is valid for ${formatMinutes("en", model.expiresInMinutes)}.`,
  ignoreNote:
    "If you didn't ask for this, you can simply ignore this email. " +
    "No account is created without the code.",
  signOff: ["Best wishes,", "The Moos team"],
}));
