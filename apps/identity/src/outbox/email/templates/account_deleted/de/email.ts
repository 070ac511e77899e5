import { noticeEmail } from "../../notice-email.ts";
import type { EmailTemplate } from "../../template.ts";

export const email: EmailTemplate<Record<string, never>> = noticeEmail(() => ({
  locale: "de",
  subject: "Dein Moos-Konto ist gelöscht",
  greeting: "Hallo,",
  paragraphs: [
    "wie gewünscht haben wir dein Konto bei Moos gelöscht: deine Anmeldedaten, deine " +
      "Sitzungen und deine Newsletter-Einwilligung sind weg.",
    "Deine Bestellungen und Rechnungen bewahren wir weiter auf, weil das Gesetz es so " +
      "verlangt (Handels- und Steuerrecht). Danach löschen wir auch sie.",
    "Schade, dass du gehst. Du kannst jederzeit ein neues Konto erstellen.",
  ],
  note: "Falls du das nicht warst, melde dich bitte bei unserem Kundenservice.",
  signOff: ["Viele Grüße", "Dein Moos-Team"],
}));
