import { codeEmail } from "../../code-email.ts";
import { type CodeModel, type EmailTemplate, formatMinutes } from "../../template.ts";

export const email: EmailTemplate<CodeModel> = codeEmail((model) => ({
  locale: "de",
  subject: `Dein Code zum Zurücksetzen deines Passworts: ${model.code}`,
  greeting: "Hallo,",
  intro: "um dein Passwort bei Moos zurückzusetzen, gib bitte diesen Code ein:",
  validity: `Der Code ist ${formatMinutes("de", model.expiresInMinutes)} gültig.`,
  ignoreNote:
    "Falls du das nicht angefordert hast, kannst du diese E-Mail einfach ignorieren. " +
    "Dein Passwort bleibt dann, wie es ist.",
  signOff: ["Viele Grüße", "Dein Moos-Team"],
}));
