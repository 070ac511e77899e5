import { noticeEmail } from "../../notice-email.ts";
import type { EmailTemplate } from "../../template.ts";
import type { NewsletterConfirmationModel } from "../model.ts";

export const email: EmailTemplate<NewsletterConfirmationModel> = noticeEmail((model) => ({
  locale: "en",
  subject: "Please confirm your newsletter subscription",
  greeting: "Hi,",
  paragraphs: [
    "Lovely that you'd like the Moos newsletter. Please confirm your subscription with one click:",
  ],
  button: { label: "Confirm subscription", url: model.confirmation_url },
  after: ["Once you've confirmed, your welcome gift is yours: 10% off your next order."],
  note:
    "If you didn't sign up, you can simply ignore this email. Without your confirmation we " +
    "won't send you any newsletter.",
  signOff: ["Best wishes,", "The Moos team"],
}));
