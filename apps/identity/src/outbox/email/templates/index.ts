import { CourierError } from "../../errors.ts";
import { email as accountDeletedDe } from "./account_deleted/de/email.ts";
import { email as accountDeletedEn } from "./account_deleted/en/email.ts";
import { email as emailChangeCodeDe } from "./email_change_code/de/email.ts";
import { email as emailChangeCodeEn } from "./email_change_code/en/email.ts";
import type { EmailChangeCodeModel } from "./email_change_code/model.ts";
import { email as loginCodeValidDe } from "./login_code_valid/de/email.ts";
import { email as loginCodeValidEn } from "./login_code_valid/en/email.ts";
import { email as newsletterConfirmationDe } from "./newsletter_confirmation/de/email.ts";
import { email as newsletterConfirmationEn } from "./newsletter_confirmation/en/email.ts";
import type { NewsletterConfirmationModel } from "./newsletter_confirmation/model.ts";
import { email as recoveryCodeValidDe } from "./recovery_code_valid/de/email.ts";
import { email as recoveryCodeValidEn } from "./recovery_code_valid/en/email.ts";
import type { RecoveryCodeModel } from "./recovery_code_valid/model.ts";
import { email as recoveryValidDe } from "./recovery_valid/de/email.ts";
import { email as recoveryValidEn } from "./recovery_valid/en/email.ts";
import { email as registrationCodeValidDe } from "./registration_code_valid/de/email.ts";
import { email as registrationCodeValidEn } from "./registration_code_valid/en/email.ts";
import { email as securityNoticeDe } from "./security_notice/de/email.ts";
import { email as securityNoticeEn } from "./security_notice/en/email.ts";
import type { SecurityNoticeModel } from "./security_notice/model.ts";
import type {
  CodeModel,
  EmailLocale,
  EmailTemplate,
  LinkModel,
  RenderedEmail,
} from "./template.ts";
import { email as verificationCodeValidDe } from "./verification_code_valid/de/email.ts";
import { email as verificationCodeValidEn } from "./verification_code_valid/en/email.ts";
import { email as verificationValidDe } from "./verification_valid/de/email.ts";
import { email as verificationValidEn } from "./verification_valid/en/email.ts";

export type { EmailLocale, RenderedEmail } from "./template.ts";

/**
 * The model each template type needs. Types are Kratos's `template_type` names. A new email
 * (account deletion, newsletter) is a folder `<type>/<locale>/email.ts` plus one line here and
 * one entry in `templates` below.
 */
export interface TemplateModels {
  verification_code_valid: CodeModel;
  recovery_code_valid: RecoveryCodeModel;
  account_deleted: Record<string, never>;
  newsletter_confirmation: NewsletterConfirmationModel;
  login_code_valid: CodeModel;
  registration_code_valid: CodeModel;
  /** The link method's emails (Kratos names them without `_link`). */
  recovery_valid: LinkModel;
  verification_valid: LinkModel;
  /** Ours (docs/account-safety.md): what happened to the account, with "This wasn't me". */
  security_notice: SecurityNoticeModel;
  /** Ours (docs/account-safety.md): the code that confirms a new login address. */
  email_change_code: EmailChangeCodeModel;
}

export type TemplateType = keyof TemplateModels;

/** A model may carry more than its template reads (the flow passes what it has). */
export type TemplateModel<T extends TemplateType> = TemplateModels[T] & Record<string, unknown>;

const templates: { [T in TemplateType]: Record<EmailLocale, EmailTemplate<TemplateModels[T]>> } = {
  verification_code_valid: { de: verificationCodeValidDe, en: verificationCodeValidEn },
  recovery_code_valid: { de: recoveryCodeValidDe, en: recoveryCodeValidEn },
  account_deleted: { de: accountDeletedDe, en: accountDeletedEn },
  newsletter_confirmation: { de: newsletterConfirmationDe, en: newsletterConfirmationEn },
  login_code_valid: { de: loginCodeValidDe, en: loginCodeValidEn },
  registration_code_valid: { de: registrationCodeValidDe, en: registrationCodeValidEn },
  recovery_valid: { de: recoveryValidDe, en: recoveryValidEn },
  verification_valid: { de: verificationValidDe, en: verificationValidEn },
  security_notice: { de: securityNoticeDe, en: securityNoticeEn },
  email_change_code: { de: emailChangeCodeDe, en: emailChangeCodeEn },
};

/** Renders subject, text and HTML body of one template in one language. */
export function renderEmail<T extends TemplateType>(
  templateType: T,
  locale: EmailLocale,
  model: TemplateModel<T>,
): RenderedEmail {
  // The locale often comes from stored JSON (metadata_public.locale), so check it at run time.
  const template = templates[templateType]?.[locale] as
    | EmailTemplate<TemplateModels[T]>
    | undefined;
  if (!template) {
    throw new CourierError(
      "courier_template_not_found",
      `no email template "${templateType}" in locale "${locale}"`,
    );
  }
  return {
    // A subject is one header line: a line break from a model value must not start a new one.
    subject: template.subject(model).replace(/\s+/g, " ").trim(),
    text: template.text(model),
    html: template.html(model).value,
  };
}
