export type CourierErrorCode =
  | "courier_template_not_found"
  | "courier_smtp_uri_invalid"
  | "courier_dispatcher_stopped"
  | "courier_message_id_invalid"
  | "courier_message_not_found"
  | "courier_page_token_invalid"
  | "courier_page_size_invalid";

/**
 * Thrown by the courier. The admin API maps `courier_message_not_found` to 404 and the
 * `*_invalid` request codes to 400. `cause` keeps the lower error for the log only.
 */
export class CourierError extends Error {
  readonly code: CourierErrorCode;

  constructor(code: CourierErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CourierError";
    this.code = code;
  }
}
