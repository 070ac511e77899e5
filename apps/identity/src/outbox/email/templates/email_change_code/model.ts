import type { CodeModel } from "../template.ts";

/** The code that confirms a new login address, sent to that address. */
export interface EmailChangeCodeModel extends CodeModel {
  new_address: string;
}
