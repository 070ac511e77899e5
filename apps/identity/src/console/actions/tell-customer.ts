import type { SecurityEventType } from "@moos/contract";
import { reportSecurityEvent } from "../../security/events.ts";
import type { Change } from "../change.ts";

// What the customer service did to an account appears in the customer's own activity and is
// told by email like the customer's own changes (docs/account-safety.md#security-notices), in
// the change's transaction. Without the staff member's name, address or device: the event's
// origin is left empty, and the audit keeps who it was.

export async function tellCustomer<B>(
  change: Change<B>,
  type: SecurityEventType,
  details: Record<string, unknown> = {},
): Promise<void> {
  await reportSecurityEvent(change.ctx.deps, change.tx, {
    identity: change.identity,
    type,
    origin: { ip_address: "", user_agent: "" },
    details,
  });
}
