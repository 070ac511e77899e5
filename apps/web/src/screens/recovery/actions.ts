"use server";

import type { FormState } from "../../flow-engine/form/form-state";
import { submitCodeFlow } from "../code-flow/submit-code-flow";

export async function submitRecovery(_state: FormState, formData: FormData): Promise<FormState> {
  return submitCodeFlow("recovery", formData);
}
