// The courier's public surface: the outbox for flows, the dispatcher for the composition root,
// the read side for the admin API.

export {
  consoleLogger,
  createOutboxLoop,
  type OutboxLoopOptions,
  type RetryBackoff,
} from "../outbox-loop.ts";
export {
  type CourierMessageJson,
  type CourierMessageStatus,
  getCourierMessage,
  type ListCourierMessagesQuery,
  listCourierMessages,
} from "./admin-messages.ts";
export {
  type CourierLogger,
  createDispatcher,
  type Dispatcher,
  type DispatcherOptions,
} from "./dispatcher.ts";
export { CourierError, type CourierErrorCode } from "./errors.ts";
export { type EnqueueEmailInput, enqueueEmail } from "./outbox.ts";
export {
  type EmailLocale,
  renderEmail,
  type TemplateModel,
  type TemplateModels,
  type TemplateType,
} from "./templates/index.ts";
