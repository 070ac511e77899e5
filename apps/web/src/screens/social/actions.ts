"use server";

// Social sign-in from the login and registration screens and from the splash: `method=oidc`
// with the chosen provider. The identity service answers 422 browser_location_change_required
// with the provider's address (flow-error.ts turns it into the redirect); without JavaScript
// the browser gets a 303 there, with JavaScript the form shows the redirect screen and goes.

import type { ContinueWith, FrontendApi, UiNode } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { withCaptcha } from "../../flow-engine/captcha/captcha-nodes";
import { formValues } from "../../flow-engine/form/field-rules";
import { type FormState, initialFormState } from "../../flow-engine/form/form-state";
import { signInReturnTo } from "../../flow-engine/init-url";
import { findInput, nodeValue } from "../../flow-engine/nodes";
import { stepAfterSignIn } from "../../flow-engine/step-url";
import { runSubmit } from "../../flow-engine/submit";
import { finishSubmit } from "../../flow-engine/submit.server";
import { config } from "../../lib/config";
import { createIdentityClient } from "../../lib/identity.server";
import { localizedHref, toLocale } from "../../lib/locale";

type SocialFlow = "login" | "registration";

function flowOf(value: string | undefined): SocialFlow {
  return value === "registration" ? "registration" : "login";
}

interface OidcBody {
  readonly method: "oidc";
  readonly provider: string;
  readonly csrf_token: string | undefined;
  readonly transient_payload: {
    readonly locale: string;
    readonly captcha_altcha_response?: string;
  };
}

function oidcBody(
  provider: string | undefined,
  csrfToken: string | undefined,
  locale: string,
): OidcBody {
  return {
    method: "oidc",
    provider: provider ?? "",
    csrf_token: csrfToken,
    transient_payload: { locale },
  };
}

/** Submits the provider on the flow; success (a known account's session) is rare here. */
async function submitOidc(
  api: FrontendApi,
  flow: SocialFlow,
  flowId: string,
  body: OidcBody,
): Promise<{ continue_with?: ContinueWith[] }> {
  return flow === "login"
    ? api.updateLoginFlow({ flow: flowId, updateLoginFlowBody: body })
    : api.updateRegistrationFlow({ flow: flowId, updateRegistrationFlowBody: body });
}

/** A provider's button on the login or the registration screen (hidden field `kind`). */
export async function submitProvider(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const flow = flowOf(values.kind);
  const flowId = values.flow;
  if (!flowId) redirect(localizedHref(locale, `/${flow}`));
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: { flow, flowId, locale },
    call: (api) =>
      submitOidc(
        api,
        flow,
        flowId,
        withCaptcha(oidcBody(values.provider, values.csrf_token, locale), values),
      ),
    onSuccess: (result) => stepAfterSignIn(result.continue_with),
  });
  return finishSubmit(outcome, initialFormState, { flow, locale });
}

function csrfTokenOf(nodes: readonly UiNode[]): string | undefined {
  return nodeValue(findInput(nodes, "csrf_token"));
}

/**
 * A provider's button on the splash, which shows no flow: starts a login or registration flow
 * (`mode`) for this browser and submits the provider on it, in one request. The flow's CSRF
 * cookie goes along with the second call and on to the browser.
 */
export async function startSocialSignIn(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const flow = flowOf(values.mode);
  const returnTo = signInReturnTo(values.return_to || undefined, config.publicBaseUrl);
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: { flow, flowId: "", locale },
    call: async (api) => {
      const started =
        flow === "login"
          ? await api.createBrowserLoginFlow({ returnTo })
          : await api.createBrowserRegistrationFlow({ returnTo });
      const body = oidcBody(values.provider, csrfTokenOf(started.ui.nodes), locale);
      return submitOidc(api, flow, started.id, body);
    },
    onSuccess: (result) => stepAfterSignIn(result.continue_with),
  });
  return finishSubmit(outcome, initialFormState, { flow, locale });
}
