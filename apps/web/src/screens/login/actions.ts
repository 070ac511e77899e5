"use server";

import { cookies } from "next/headers";
import { checkFields, formValues } from "../../flow-engine/form/field-rules";
import type { FormState } from "../../flow-engine/form/form-state";
import { findInput } from "../../flow-engine/nodes";
import { config } from "../../lib/config";
import { type Locale, toLocale } from "../../lib/locale";
import {
  offerCookieOptions,
  PASSKEY_DEVICE_CAN,
  PASSKEY_DEVICE_FIELD,
  passkeyDeviceCookieName,
} from "../passkey/offer-cookies";
import { offersLoginCode } from "./code-login-nodes";
import { sendLoginCode } from "./code-login-submit";
import { updateLogin } from "./update-login";

/**
 * Identifier first: the email step sends the address (`method=identifier_first`) and moves on
 * to the password, or, for an account that only signs in socially, to the screen greeting it
 * with its providers; the password step signs in with `method=password`.
 */
export async function submitLogin(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const identifier = (values.identifier ?? "").trim();
  const kept = { identifier };

  if (values.intent === "change-identifier")
    return { values: kept, errors: {}, step: "identifier" };
  if (values.step === "identifier") {
    const errors = checkFields({ identifier: "email" }, kept);
    if (Object.keys(errors).length > 0) return { values: kept, errors, step: "identifier" };
    if (values.identifierFirst !== "true") return { values: kept, errors, step: "password" };
    return submitIdentifier(values, identifier, locale);
  }
  if (values.intent === "code") {
    const identifierErrors = checkFields({ identifier: "email" }, kept);
    if (Object.keys(identifierErrors).length > 0) {
      return { values: kept, errors: identifierErrors, step: "identifier" };
    }
    return sendLoginCode(values, { values: kept, errors: {}, step: "password" });
  }
  const errors = checkFields({ identifier: "email", password: "currentPassword" }, values);
  if (Object.keys(errors).length > 0) {
    return { values: kept, errors, step: errors.identifier ? "identifier" : "password" };
  }
  // The form's script found that this device can make a passkey: the offer after sign-in may
  // be shown here (screens/passkey/offer-gate.server.ts). A session cookie, like the session.
  if (values[PASSKEY_DEVICE_FIELD] === PASSKEY_DEVICE_CAN) {
    (await cookies()).set(
      passkeyDeviceCookieName(config.https),
      PASSKEY_DEVICE_CAN,
      offerCookieOptions(config.https),
    );
  }
  return updateLogin({
    flowId: values.flow,
    locale,
    body: {
      method: "password",
      identifier,
      password: values.password ?? "",
      csrf_token: values.csrf_token,
      transient_payload: { locale },
    },
    state: { values: kept, errors: {}, step: "password", signedInWithPassword: true },
    values,
  });
}

/**
 * The email step of identifier-first login. The identity service answers with the flow's next
 * step: the password (the same for every address, so nothing is revealed), which the form
 * shows in place, or the providers of a social-only account, which the screen shows.
 */
async function submitIdentifier(
  values: Record<string, string>,
  identifier: string,
  locale: Locale,
): Promise<FormState> {
  return updateLogin({
    flowId: values.flow,
    locale,
    body: {
      method: "identifier_first",
      identifier,
      csrf_token: values.csrf_token,
      transient_payload: { locale },
    },
    state: { values: { identifier }, errors: {}, step: "password" },
    asSent: { values: { identifier }, errors: {}, step: "identifier" },
    values,
    // Anything but the plain password step (the providers of a social-only account, a message
    // on the address, the offer of a code by email) is the screen's to show.
    onFlow: (flow) =>
      findInput(flow.ui.nodes, "password") && !offersLoginCode(flow.ui.nodes)
        ? undefined
        : { type: "screen", screen: "login", query: { flow: flow.id } },
  });
}
