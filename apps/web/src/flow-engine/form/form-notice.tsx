"use client";

import type * as React from "react";
import { Alert } from "../../components/alert";
import { useUiTexts } from "../../components/ui-texts";
import type { FormState } from "./form-state";

/**
 * What a form's answer says besides its fields: while the identity service is briefly
 * unavailable, that it is, above the button that sends the form again (form-state.ts).
 */
export function FormNotice({ state }: { state: FormState }): React.JSX.Element | null {
  return state.notice === "unavailable" ? <UnavailableNotice /> : null;
}

function UnavailableNotice(): React.JSX.Element {
  return <Alert severity="error">{useUiTexts().unavailable}</Alert>;
}
