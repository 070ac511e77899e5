import { codeEmail } from "../../code-email.ts";
import { type CodeModel, type EmailTemplate, formatMinutes } from "../../template.ts";

export const email: EmailTemplate<CodeModel> = codeEmail((model) => ({
  locale: "en",
  subject: `Your Moos verification code: ${model.code}`,
  greeting: "Hi,",
  intro: "Please enter this verification code to verify your email address:",
  validity: `The code is valid for ${formatMinutes("en", model.expiresInMinutes)}.`,
  ignoreNote: "If you didn't ask for this, you can simply ignore this email.",
  signOff: ["Best wishes,", "The Moos team"],
}));
