"use server";

import { submitCodeFlow } from "../code-flow/submit-code-flow";
import type { FormState } from "../form/form-state";

export async function submitVerification(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  return submitCodeFlow("verification", formData);
}
