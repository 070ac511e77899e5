// Passwordless sign-in with a code by email (`method=code`, docs/protocol.md#login-form): the password
// step's "log in with a code instead" sends the code, the code step sends it back or asks for
// a new one. The identity service answers the sending with the flow (400, state sent_email,
// message 1010014) and a wrong or used code with the flow and 4010008, which the login screen
// shows; server side only (called by the login server actions).

import type { FormState } from "../../flow-engine/form/form-state";
import { type Locale, toLocale } from "../../lib/locale";
import { updateLogin } from "./update-login";

type CodeRequest =
  | { readonly kind: "send" }
  | { readonly kind: "resend" }
  | { readonly kind: "code"; readonly code: string };

export async function submitCode(
  values: Readonly<Record<string, string>>,
  locale: Locale,
  request: CodeRequest,
  state: FormState,
): Promise<FormState> {
  return updateLogin({
    flowId: values.flow,
    locale,
    body: {
      method: "code",
      identifier: (values.identifier ?? "").trim(),
      ...(request.kind === "code" ? { code: request.code } : {}),
      ...(request.kind === "resend" ? { resend: "code" } : {}),
      csrf_token: values.csrf_token ?? "",
      transient_payload: { locale },
    },
    state,
    values,
  });
}

/** From the password step: the address is known, a code goes to it. */
export async function sendLoginCode(
  values: Readonly<Record<string, string>>,
  state: FormState,
): Promise<FormState> {
  return submitCode(values, toLocale(values.locale), { kind: "send" }, state);
}
