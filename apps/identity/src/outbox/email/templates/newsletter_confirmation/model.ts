/** The model of the double opt-in email; the web app makes and checks the link. */
export interface NewsletterConfirmationModel {
  confirmation_url: string;
}
