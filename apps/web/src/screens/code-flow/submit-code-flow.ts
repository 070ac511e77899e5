// Submits of the two code flows (verification, recovery; `method=code`, docs/protocol.md#recovery-and-verification-forms):
// request a code for an address, send the code, or request it again. Called by each flow's
// server action.

import type { RecoveryFlow, VerificationFlow } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { checkFields, formValues } from "../../flow-engine/form/field-rules";
import type { FormState } from "../../flow-engine/form/form-state";
import { SCREEN_PATHS } from "../../flow-engine/init-url";
import { continueWithStep } from "../../flow-engine/step-url";
import { runSubmit } from "../../flow-engine/submit";
import { finishSubmit } from "../../flow-engine/submit.server";
import { createIdentityClient } from "../../lib/identity.server";
import { localizedHref, toLocale } from "../../lib/locale";

export type CodeFlowName = "verification" | "recovery";

/** What a code-flow form asks for: a code for an address, the code, or the code again. */
export type CodeIntent = "send" | "code" | "resend";

export async function submitCodeFlow(flow: CodeFlowName, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const intent = values.intent as CodeIntent | undefined;
  const email = (values.email ?? "").trim();
  const code = (values.code ?? "").trim();

  if (intent === "code") {
    const errors = checkFields(
      { code: flow === "recovery" ? "recoveryCode" : "verificationCode" },
      { code },
    );
    if (Object.keys(errors).length > 0) return { values: {}, errors };
  } else {
    const errors = checkFields({ email: "email" }, { email });
    if (Object.keys(errors).length > 0) return { values: { email }, errors };
  }
  const flowId = values.flow;
  if (!flowId) redirect(localizedHref(locale, SCREEN_PATHS[flow]));

  const body =
    intent === "code"
      ? {
          method: "code" as const,
          code,
          csrf_token: values.csrf_token,
          transient_payload: { locale },
        }
      : {
          method: "code" as const,
          email,
          csrf_token: values.csrf_token,
          transient_payload: { locale },
        };
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: { flow, flowId, locale },
    call: (api): Promise<VerificationFlow | RecoveryFlow> =>
      flow === "verification"
        ? api.updateVerificationFlow({ flow: flowId, updateVerificationFlowBody: body })
        : api.updateRecoveryFlow({ flow: flowId, updateRecoveryFlowBody: body }),
    // Both answer with the flow (a wrong code is a 200 with a message); a recovery flow may
    // carry continue_with (show_settings_ui) when the identity service uses transitions.
    onSuccess: (result) =>
      ("continue_with" in result ? continueWithStep(result.continue_with) : undefined) ?? {
        type: "screen",
        screen: flow,
        query: { flow: result.id },
      },
  });
  return finishSubmit(
    outcome,
    { values: intent === "code" ? {} : { email }, errors: {} },
    { flow, locale },
  );
}
