import { linkEmail } from "../../link-email.ts";
import { type EmailTemplate, formatMinutes, type LinkModel } from "../../template.ts";

export const email: EmailTemplate<LinkModel> = linkEmail((model) => ({
  locale: "de",
  subject: "Bestätige deine E-Mail-Adresse für Moos",
  greeting: "Hallo,",
  intro: "um deine E-Mail-Adresse zu bestätigen, öffne bitte diesen Link:",
  button: "E-Mail-Adresse bestätigen",
  validity: `Der Link ist ${formatMinutes("de", model.expiresInMinutes)} gültig und funktioniert nur einmal.`,
  ignoreNote: "Falls du das nicht angefordert hast, kannst du diese E-Mail einfach ignorieren.",
  signOff: ["Viele Grüße", "Dein Moos-Team"],
}));
