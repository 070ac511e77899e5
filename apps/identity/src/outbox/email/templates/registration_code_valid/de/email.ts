import { codeEmail } from "../../code-email.ts";
import { type CodeModel, type EmailTemplate, formatMinutes } from "../../template.ts";

export const email: EmailTemplate<CodeModel> = codeEmail((model) => ({
  locale: "de",
  subject: `Dein Code zum Erstellen deines Moos-Kontos: ${model.code}`,
  greeting: "Hallo,",
  intro: "um dein Konto bei Moos zu erstellen, gib bitte diesen Code ein:",
  validity: `Der Code ist ${formatMinutes("de", model.expiresInMinutes)} gültig.`,
  ignoreNote:
    "Falls du das nicht angefordert hast, kannst du diese E-Mail einfach ignorieren. " +
    "Ohne den Code entsteht kein Konto.",
  signOff: ["Viele Grüße", "Dein Moos-Team"],
}));
