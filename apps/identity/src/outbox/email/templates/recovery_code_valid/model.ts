import type { CodeModel } from "../template.ts";

/** `migration`: the identity was imported without a usable password (docs/newsletter-deletion-migration.md#customers-who-need-migration). */
export interface RecoveryCodeModel extends CodeModel {
  migration?: boolean;
}
