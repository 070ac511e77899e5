// The outbox's emails: enqueueEmail for flows, emailKind for the composition root, the read
// side for the admin API.

export { CourierError, type CourierErrorCode } from "../errors.ts";
export {
  type CourierMessageJson,
  type CourierMessageStatus,
  getCourierMessage,
  type ListCourierMessagesQuery,
  listCourierMessages,
} from "./admin-messages.ts";
export { emailKind } from "./email-kind.ts";
export { enqueueEmail, type OutgoingEmail } from "./enqueue-email.ts";
export {
  type EmailLocale,
  renderEmail,
  type TemplateModel,
  type TemplateModels,
  type TemplateType,
} from "./templates/index.ts";
