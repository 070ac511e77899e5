import type { CodeModel } from "../template.ts";

/** `migration`: the identity was imported without a usable password (README "User migration"). */
export interface RecoveryCodeModel extends CodeModel {
  migration?: boolean;
}
