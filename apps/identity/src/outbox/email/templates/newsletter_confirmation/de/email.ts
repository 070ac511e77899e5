import { noticeEmail } from "../../notice-email.ts";
import type { EmailTemplate } from "../../template.ts";
import type { NewsletterConfirmationModel } from "../model.ts";

export const email: EmailTemplate<NewsletterConfirmationModel> = noticeEmail((model) => ({
  locale: "de",
  subject: "Bitte bestätige deine Newsletter-Anmeldung",
  greeting: "Hallo,",
  paragraphs: [
    "schön, dass du den Moos-Newsletter bekommen möchtest. Bitte bestätige deine Anmeldung " +
      "mit einem Klick:",
  ],
  button: { label: "Anmeldung bestätigen", url: model.confirmation_url },
  after: [
    "Sobald du bestätigt hast, bekommst du dein Willkommensgeschenk: 10 % auf deine nächste " +
      "Bestellung.",
  ],
  note:
    "Falls du dich nicht angemeldet hast, kannst du diese E-Mail einfach ignorieren. Ohne " +
    "deine Bestätigung schicken wir dir keinen Newsletter.",
  signOff: ["Viele Grüße", "Dein Moos-Team"],
}));
