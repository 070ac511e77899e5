import { codeEmail } from "../../code-email.ts";
import { type CodeModel, type EmailTemplate, formatMinutes } from "../../template.ts";

export const email: EmailTemplate<CodeModel> = codeEmail((model) => ({
  locale: "de",
  subject: `Dein Code zum Anmelden bei Moos: ${model.code}`,
  greeting: "Hallo,",
  intro: "um dich bei Moos anzumelden, gib bitte diesen Code ein:",
  validity: `Der Code ist ${formatMinutes("de", model.expiresInMinutes)} gültig.`,
  ignoreNote:
    "Falls du das nicht angefordert hast, kannst du diese E-Mail einfach ignorieren. " +
    "Ohne den Code meldet sich niemand an.",
  signOff: ["Viele Grüße", "Dein Moos-Team"],
}));
