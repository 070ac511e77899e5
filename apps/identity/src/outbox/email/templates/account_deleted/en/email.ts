import { noticeEmail } from "../../notice-email.ts";
import type { EmailTemplate } from "../../template.ts";

export const email: EmailTemplate<Record<string, never>> = noticeEmail(() => ({
  locale: "en",
  subject: "Your Moos account has been deleted",
  greeting: "Hi,",
  paragraphs: [
    "As you asked, we have deleted your Moos account: your sign-in details, your sessions " +
      "and your newsletter consent are gone.",
    "We keep your orders and invoices for as long as the law requires (commercial and tax " +
      "law). After that, we delete them too.",
    "We're sorry to see you go. You can create a new account at any time.",
  ],
  note: "If this wasn't you, please get in touch with our customer service.",
  signOff: ["Best wishes,", "The Moos team"],
}));
