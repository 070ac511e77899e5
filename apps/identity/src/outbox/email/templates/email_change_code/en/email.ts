import { codeEmail } from "../../code-email.ts";
import { type EmailTemplate, formatMinutes } from "../../template.ts";
import type { EmailChangeCodeModel } from "../model.ts";

export const email: EmailTemplate<EmailChangeCodeModel> = codeEmail<EmailChangeCodeModel>(
  (model) => ({
    locale: "en",
    subject: `Your code for your new email address: ${model.code}`,
    greeting: "Hi,",
    intro: `You'd like to log in to Moos with ${model.new_address} from now on. Please enter this code in your settings to confirm the new email address:`,
    validity: `The code is valid for ${formatMinutes("en", model.expiresInMinutes)}.`,
    ignoreNote:
      "If you didn't ask for this, you can simply ignore this email. Then nothing changes.",
    signOff: ["Best wishes,", "The Moos team"],
  }),
);
