import { codeEmail } from "../../code-email.ts";
import { type EmailTemplate, formatMinutes } from "../../template.ts";
import type { EmailChangeCodeModel } from "../model.ts";

export const email: EmailTemplate<EmailChangeCodeModel> = codeEmail<EmailChangeCodeModel>(
  (model) => ({
    locale: "de",
    subject: `Dein Code für deine neue E-Mail-Adresse: ${model.code}`,
    greeting: "Hallo,",
    intro: `du möchtest dich bei Moos künftig mit ${model.new_address} anmelden. Gib bitte diesen Code in deinen Einstellungen ein, um die neue E-Mail-Adresse zu bestätigen:`,
    validity: `Der Code ist ${formatMinutes("de", model.expiresInMinutes)} gültig.`,
    ignoreNote:
      "Falls du das nicht angefordert hast, kannst du diese E-Mail einfach ignorieren. " +
      "Dann ändert sich nichts.",
    signOff: ["Viele Grüße", "Dein Moos-Team"],
  }),
);
