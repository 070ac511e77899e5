// Passwordless sign-in with a code by email (`method=code`, PROTOCOL.md §4 Login): the password
// step's "log in with a code instead" sends the code, the code step sends it back or asks for
// a new one. The identity service answers the sending with the flow (400, state sent_email,
// message 1010014) and a wrong or used code with the flow and 4010008, which the login screen
// shows; server side only (called by the login server actions).

import type { SuccessfulNativeLogin } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { createIdentityClient } from "../../lib/identity.server";
import { type Locale, localizedHref, toLocale } from "../../lib/locale";
import type { FormState } from "../form/form-state";
import { continueWithStep } from "../step-url";
import { runSubmit } from "../submit";
import { finishSubmit } from "../submit.server";

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
  const flowId = values.flow;
  if (!flowId) redirect(localizedHref(locale, "/login"));
  const identifier = (values.identifier ?? "").trim();
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: { flow: "login", flowId, locale },
    call: (api) =>
      api.updateLoginFlow({
        flow: flowId,
        updateLoginFlowBody: {
          method: "code",
          identifier,
          ...(request.kind === "code" ? { code: request.code } : {}),
          ...(request.kind === "resend" ? { resend: "code" } : {}),
          csrf_token: values.csrf_token ?? "",
          transient_payload: { locale },
        },
      }),
    onSuccess: (result: SuccessfulNativeLogin) =>
      continueWithStep(result.continue_with) ?? { type: "redirect", url: "/api/redirect" },
  });
  return finishSubmit(outcome, state, { flow: "login", locale });
}

/** From the password step: the address is known, a code goes to it. */
export async function sendLoginCode(
  values: Readonly<Record<string, string>>,
  state: FormState,
): Promise<FormState> {
  return submitCode(values, toLocale(values.locale), { kind: "send" }, state);
}
