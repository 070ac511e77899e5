// Kratos error ids with the HTTP status each is sent with (docs/protocol.md#error-envelope).
// Both apps import these: the service to answer, the web app to decide where to send the user.

export const errorIds = {
  session_already_available: 400,
  session_refresh_required: 403,
  session_aal1_required: 401,
  session_aal2_required: 403,
  session_aal_already_fulfilled: 401,
  session_inactive: 401,
  session_verified_address_required: 403,
  browser_location_change_required: 422,
  self_service_flow_return_to_forbidden: 400,
  self_service_flow_expired: 410,
  self_service_flow_replaced: 410,
  self_service_flow_disabled: 400,
  security_csrf_violation: 403,
  security_identity_mismatch: 403,
  identity_disabled: 400,
  // Ours (docs/ory-compatibility.md#error-ids-of-our-own): the database is unreachable for the
  // moment; the answer carries Retry-After.
  service_unavailable: 503,
} as const;

export type ErrorId = keyof typeof errorIds;

export function isErrorId(value: unknown): value is ErrorId {
  return typeof value === "string" && Object.hasOwn(errorIds, value);
}
