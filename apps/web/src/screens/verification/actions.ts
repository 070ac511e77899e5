"use server";

import type { FormState } from "../../flow-engine/form/form-state";
import { submitCodeFlow } from "../code-flow/submit-code-flow";

export async function submitVerification(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  return submitCodeFlow("verification", formData);
}
