import { codeEmail } from "../../code-email.ts";
import { type EmailTemplate, formatMinutes } from "../../template.ts";
import type { RecoveryCodeModel } from "../model.ts";

export const email: EmailTemplate<RecoveryCodeModel> = codeEmail<RecoveryCodeModel>((model) => ({
  locale: "de",
  ...(model.migration
    ? {
        subject: `Dein Kundenkonto ist umgezogen: dein Code ${model.code}`,
        intro:
          "dein Kundenkonto ist umgezogen: Moos hat ein neues Kundenkonto, deine Daten sind " +
          "schon da. Damit du dich wieder anmelden kannst, vergib bitte ein neues Passwort. " +
          "Gib dazu diesen Code ein:",
      }
    : {
        subject: `Dein Code zum Zurücksetzen deines Passworts: ${model.code}`,
        intro: "um dein Passwort bei Moos zurückzusetzen, gib bitte diesen Code ein:",
      }),
  greeting: "Hallo,",
  validity: `Der Code ist ${formatMinutes("de", model.expiresInMinutes)} gültig.`,
  ignoreNote:
    "Falls du das nicht angefordert hast, kannst du diese E-Mail einfach ignorieren. " +
    "Dein Passwort bleibt dann, wie es ist.",
  signOff: ["Viele Grüße", "Dein Moos-Team"],
}));
