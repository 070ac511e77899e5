import { linkEmail } from "../../link-email.ts";
import { type EmailTemplate, formatMinutes, type LinkModel } from "../../template.ts";

export const email: EmailTemplate<LinkModel> = linkEmail((model) => ({
  locale: "en",
  subject: "Verify your email address for Moos",
  greeting: "Hi,",
  intro: "To verify your email address, please open this link:",
  button: "Verify email address",
  validity: `The link is valid for ${formatMinutes("en", model.expiresInMinutes)} and works once.`,
  ignoreNote: "If you didn't ask for this, you can simply ignore this email.",
  signOff: ["Best wishes,", "The Moos team"],
}));
