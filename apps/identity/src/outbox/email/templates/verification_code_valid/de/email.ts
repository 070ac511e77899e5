import { codeEmail } from "../../code-email.ts";
import { type CodeModel, type EmailTemplate, formatMinutes } from "../../template.ts";

export const email: EmailTemplate<CodeModel> = codeEmail((model) => ({
  locale: "de",
  subject: `Dein Bestätigungscode für Moos: ${model.code}`,
  greeting: "Hallo,",
  intro: "gib bitte diesen Bestätigungscode ein, um deine E-Mail-Adresse zu bestätigen:",
  validity: `Der Code ist ${formatMinutes("de", model.expiresInMinutes)} gültig.`,
  ignoreNote: "Falls du das nicht angefordert hast, kannst du diese E-Mail einfach ignorieren.",
  signOff: ["Viele Grüße", "Dein Moos-Team"],
}));
