// The security events of an account (docs/account-safety.md), as the identity service's activity API names
// them and the web app shows them: one list for both apps.

/**
 * What a customer is told about by email (a security notice) and sees in the account
 * activity. Failed sign-ins are not among them: they are only counted per day, and the
 * activity lists each day's count as `login_failed`.
 */
export type SecurityEventType =
  | "login_new_device"
  | "password_changed"
  | "recovery_used"
  | "second_factor_added"
  | "second_factor_removed"
  | "passkey_added"
  | "passkey_removed"
  | "social_linked"
  | "social_unlinked"
  | "email_change_requested"
  | "email_change_completed"
  | "email_change_undone"
  | "not_me_reported"
  // What the shop's customer service did to the account through the console (docs/console.md),
  // told to the customer like their own changes, without the staff member's name or address.
  | "support_sessions_revoked"
  | "support_account_locked"
  | "support_account_unlocked"
  | "support_name_corrected"
  | "support_second_factors_reset";

/** The events of what the customer service did (`support_*`). */
export const supportEventTypes = [
  "support_sessions_revoked",
  "support_account_locked",
  "support_account_unlocked",
  "support_name_corrected",
  "support_second_factors_reset",
] as const satisfies readonly SecurityEventType[];

export function isSupportEvent(type: string): boolean {
  return (supportEventTypes as readonly string[]).includes(type);
}

/** An entry of the account activity: an event, or a day's count of failed sign-ins. */
export type ActivityEventType = SecurityEventType | "login_failed";
