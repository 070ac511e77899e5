// Every way of signing in on the login flow (identifier first, password, email code, second
// factor) posts its body the same way and goes on where the identity service says; a flow
// answered back (400) goes to the login screen, unless `onFlow` decides otherwise.

import type { UpdateLoginFlowBody } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { withCaptcha } from "../../flow-engine/captcha/captcha-nodes";
import type { NextStep } from "../../flow-engine/flow-error";
import type { FormState } from "../../flow-engine/form/form-state";
import { stepAfterSignIn } from "../../flow-engine/step-url";
import { type FlowAnswer, runSubmit } from "../../flow-engine/submit";
import { finishSubmit } from "../../flow-engine/submit.server";
import { createIdentityClient } from "../../lib/identity.server";
import { type Locale, localizedHref } from "../../lib/locale";

export async function updateLogin(options: {
  readonly flowId: string | undefined;
  readonly locale: Locale;
  readonly body: UpdateLoginFlowBody;
  /** The form's values: the solution of the flow's proof of work goes along, when it has one. */
  readonly values: Readonly<Record<string, string>>;
  /** What the form shows when it stays (the flow came back with messages for it). */
  readonly state: FormState;
  /** The form as sent, when `state` is a step further (identifier first): shown with a notice. */
  readonly asSent?: FormState;
  readonly onFlow?: (flow: FlowAnswer) => NextStep | undefined;
}): Promise<FormState> {
  const { flowId, locale } = options;
  const body = withCaptcha(options.body, options.values);
  if (!flowId) redirect(localizedHref(locale, "/login"));
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: { flow: "login", flowId, locale },
    call: (api) => api.updateLoginFlow({ flow: flowId, updateLoginFlowBody: body }),
    onSuccess: (result) => stepAfterSignIn(result.continue_with),
    ...(options.onFlow ? { onFlow: options.onFlow } : {}),
  });
  return finishSubmit(outcome, options.state, {
    flow: "login",
    locale,
    ...(options.asSent ? { asSent: options.asSent } : {}),
  });
}
