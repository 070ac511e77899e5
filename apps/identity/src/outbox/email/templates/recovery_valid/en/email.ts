import { linkEmail } from "../../link-email.ts";
import { type EmailTemplate, formatMinutes, type LinkModel } from "../../template.ts";

export const email: EmailTemplate<LinkModel> = linkEmail((model) => ({
  locale: "en",
  subject: "Reset your Moos password",
  greeting: "Hi,",
  intro: "To reset your Moos password, please open this link:",
  button: "Reset password",
  validity: `The link is valid for ${formatMinutes("en", model.expiresInMinutes)} and works once.`,
  ignoreNote:
    "If you didn't ask for this, you can simply ignore this email. " +
    "Your password stays as it is.",
  signOff: ["Best wishes,", "The Moos team"],
}));
