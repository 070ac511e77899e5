import { codeEmail } from "../../code-email.ts";
import { noticeEmail, type StepEmailWords, stepNotice } from "../../notice-email.ts";
import { type EmailTemplate, formatMinutes } from "../../template.ts";
import type { RecoveryCodeModel } from "../model.ts";

const common = (model: RecoveryCodeModel) =>
  ({
    locale: "de",
    greeting: "Hallo,",
    validity: `Der Code ist ${formatMinutes("de", model.expiresInMinutes)} gültig.`,
    signOff: ["Viele Grüße", "Dein Moos-Team"],
  }) as const;

const reset = codeEmail<RecoveryCodeModel>((model) => ({
  ...common(model),
  subject: `Dein Code zum Zurücksetzen deines Passworts: ${model.code}`,
  intro: "um dein Passwort bei Moos zurückzusetzen, gib bitte diesen Code ein:",
  ignoreNote:
    "Falls du das nicht angefordert hast, kannst du diese E-Mail einfach ignorieren. " +
    "Dein Passwort bleibt dann, wie es ist.",
}));

// Imported without a password (docs/newsletter-deletion-migration.md#customers-who-need-migration):
// sent after a sign-in attempt as well as after "Passwort vergessen?", so the note fits both.
const moved = noticeEmail<RecoveryCodeModel>((model) => {
  const words: StepEmailWords = {
    ...common(model),
    subject: `Dein Kundenkonto ist umgezogen: dein Code ${model.code}`,
    intro:
      "dein Kundenkonto ist umgezogen: Moos hat ein neues Kundenkonto, deine Daten sind " +
      "schon da. Damit du dich wieder anmelden kannst, vergib bitte ein neues Passwort. " +
      (model.migrationUrl
        ? "Öffne dazu diese Seite und gib dort diesen Code ein:"
        : "Gib dazu diesen Code ein:"),
    ignoreNote:
      "Falls du das nicht warst, kannst du diese E-Mail einfach ignorieren. " +
      "An deinem Kundenkonto ändert sich dann nichts.",
  };
  return stepNotice(words, {
    code: model.code,
    ...(model.migrationUrl
      ? { button: { label: "Neues Passwort festlegen", url: model.migrationUrl } }
      : {}),
  });
});

export const email: EmailTemplate<RecoveryCodeModel> = {
  subject: (model) => (model.migration ? moved : reset).subject(model),
  text: (model) => (model.migration ? moved : reset).text(model),
  html: (model) => (model.migration ? moved : reset).html(model),
};
