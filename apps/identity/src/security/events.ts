import type { Deps } from "../deps/deps.ts";
import type { Identity } from "../identity/identity.ts";
import type { Persistence } from "../persistence/persistence.ts";
import { sendSecurityNotice } from "./notices.ts";
import type { SecurityEvent, SecurityEventType } from "./records.ts";
import type { RequestOrigin } from "./request-origin.ts";

// A security event is recorded for the account activity and, for what the customer must hear
// about, told by email in the same transaction (the courier's outbox): a notice is never lost
// and never sent for a change that rolled back.

/** Events the customer only sees in the activity: they themselves just did them by a link. */
const silent: ReadonlySet<SecurityEventType> = new Set(["email_change_undone", "not_me_reported"]);

export interface SecurityEventInput {
  identity: Identity;
  type: SecurityEventType;
  origin: RequestOrigin;
  deviceId?: string | null;
  details?: Record<string, unknown>;
  /** Where the notice goes, when not to the account's address (the old one, on email changes). */
  noticeTo?: string;
}

export async function reportSecurityEvent(
  deps: Deps,
  tx: Persistence,
  input: SecurityEventInput,
): Promise<SecurityEvent> {
  const event: SecurityEvent = {
    id: crypto.randomUUID(),
    identity_id: input.identity.id,
    type: input.type,
    occurred_at: deps.now(),
    ip_address: input.origin.ip_address,
    user_agent: input.origin.user_agent,
    device_id: input.deviceId ?? null,
    details: input.details ?? {},
  };
  await tx.security.recordEvent(event);
  if (deps.config.security.notices.enabled && !silent.has(input.type)) {
    await sendSecurityNotice(deps, tx, {
      identity: input.identity,
      event,
      ...(input.noticeTo ? { to: input.noticeTo } : {}),
    });
  }
  return event;
}
