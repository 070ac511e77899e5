import { consoleErrorIds } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import type { Locale } from "../../i18n/locales";
import { actionKey } from "../../i18n/messages";
import { FocusHere } from "./focus-here";

export const NOTICE_ID = "notice";

/** Messages of our own besides the console API's error ids (a stale form, a wrong date). */
const LOCAL_ERRORS = new Set(["csrf", "confirm", "date"]);

/**
 * What the last form post did, from the address it redirected to: `?done=<action>` (a status
 * message) or `?error=<console error id>&for=<action>` (an alert; "nothing to do" says what was
 * already so). Unknown values show nothing.
 */
export async function Outcome({
  locale,
  query,
}: {
  locale: Locale;
  query: Readonly<Record<string, string | undefined>>;
}): Promise<React.JSX.Element | null> {
  const t = await getTranslations({ locale, namespace: "errors" });
  const done = await getTranslations({ locale, namespace: "customer.done" });
  const { error, for: action } = query;
  if (error && (Object.hasOwn(consoleErrorIds, error) || LOCAL_ERRORS.has(error))) {
    const key =
      error === "console_nothing_to_do"
        ? `console_nothing_to_do.${action && t.has(`console_nothing_to_do.${actionKey(action)}`) ? actionKey(action) : "other"}`
        : error;
    return (
      <Alert id={NOTICE_ID} tabIndex={-1} severity="error" role="alert" className="outline-none">
        <p>{t(key)}</p>
        <FocusHere id={NOTICE_ID} />
      </Alert>
    );
  }
  if (query.done && done.has(actionKey(query.done))) {
    return (
      <Alert id={NOTICE_ID} tabIndex={-1} severity="success" role="status" className="outline-none">
        <p>{done(actionKey(query.done))}</p>
        <FocusHere id={NOTICE_ID} />
      </Alert>
    );
  }
  return null;
}
