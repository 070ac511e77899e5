import type { Persistence } from "../../persistence/persistence.ts";
import {
  type EmailLocale,
  renderEmail,
  type TemplateModel,
  type TemplateType,
} from "./templates/index.ts";

// The transactional outbox: a flow writes its email into the outbox inside the same
// transaction as its own change, so a code is never stored without its email and never emailed
// for a change that rolled back. The dispatcher sends it later. Like Kratos, the row keeps the
// rendered text (code included) so operators and tests can read it through the admin API.

/** One email for the outbox: a template type with the model that template needs. */
export type OutgoingEmail = {
  [T in TemplateType]: {
    templateType: T;
    to: string;
    locale: EmailLocale;
    model: TemplateModel<T>;
  };
}[TemplateType];

/**
 * Renders the email and writes it as a queued message, due at once. Pass the flow's
 * transaction (`tx` of `persistence.transaction`). Returns the message id.
 */
export function enqueueEmail(tx: Persistence, email: OutgoingEmail): Promise<string> {
  const rendered = renderEmail(email.templateType, email.locale, email.model);
  return tx.outbox.enqueue({
    type: "email",
    recipient: email.to,
    subject: rendered.subject,
    body: rendered.text,
    html_body: rendered.html,
    template_type: email.templateType,
  });
}
