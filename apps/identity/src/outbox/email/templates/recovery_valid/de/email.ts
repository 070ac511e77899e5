import { linkEmail } from "../../link-email.ts";
import { type EmailTemplate, formatMinutes, type LinkModel } from "../../template.ts";

export const email: EmailTemplate<LinkModel> = linkEmail((model) => ({
  locale: "de",
  subject: "Setze dein Passwort für Moos zurück",
  greeting: "Hallo,",
  intro: "um dein Passwort bei Moos zurückzusetzen, öffne bitte diesen Link:",
  button: "Passwort zurücksetzen",
  validity: `Der Link ist ${formatMinutes("de", model.expiresInMinutes)} gültig und funktioniert nur einmal.`,
  ignoreNote:
    "Falls du das nicht angefordert hast, kannst du diese E-Mail einfach ignorieren. " +
    "Dein Passwort bleibt dann, wie es ist.",
  signOff: ["Viele Grüße", "Dein Moos-Team"],
}));
