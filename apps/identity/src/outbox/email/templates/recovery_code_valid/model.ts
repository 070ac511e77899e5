import type { CodeModel } from "../template.ts";

/** `migration`: the identity was imported without a usable password (docs/newsletter-deletion-migration.md#customers-who-need-migration). */
export interface RecoveryCodeModel extends CodeModel {
  migration?: boolean;
  /** The User migration screen with this code's flow, for a customer who needs migration. */
  migrationUrl?: string;
}
