"use server";

import { redirect, unstable_rethrow } from "next/navigation";
import { formValues } from "../../flow-engine/form/field-rules";
import { type FormState, initialFormState } from "../../flow-engine/form/form-state";
import { finishSubmit } from "../../flow-engine/submit.server";
import { createIdentityClient, relayCookies } from "../../lib/identity.server";
import { type Locale, localizedHref, toLocale } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import { acceptLogout, endMoosSession, loadLogoutRequest, rejectLogout } from "./logout.server";

async function go(
  url: string,
  locale: Locale,
  setCookies: readonly string[] = [],
): Promise<FormState> {
  return finishSubmit({ redirectTo: url, setCookies }, initialFormState, {
    flow: "logout",
    locale,
  });
}

/**
 * "Log out" ends the Moos session and accepts: the provider ends its own session, tells the
 * clients and returns to the client. "Stay logged in" rejects and goes to Moos's start page.
 * The way to the provider is a plain redirect (Next loads another origin as a document): the
 * ended session's cookies make Next render this page again, which no longer has a form that
 * could follow a `navigateTo`.
 */
export async function answerLogout(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const challenge = values.logout_challenge ?? "";
  const screen = localizedHref(locale, "/logout", { logout_challenge: challenge });
  const client = await createIdentityClient();
  let target: string;
  try {
    if (!(await loadLogoutRequest(challenge))) return go(screen, locale);
    if (values.intent === "stay") {
      await rejectLogout(challenge);
      target = localizedHref(locale, "/");
    } else {
      await endMoosSession(client);
      target = await acceptLogout(challenge);
    }
  } catch (error) {
    unstable_rethrow(error);
    await reportError(error, { flow: "logout" });
    return go(
      localizedHref(locale, "/logout", { logout_challenge: challenge, error: "generic" }),
      locale,
      client.setCookies,
    );
  }
  if (values.intent === "stay") return go(target, locale);
  await relayCookies(client.setCookies);
  redirect(target);
}
