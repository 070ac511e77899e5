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
 * Where a screen says what the last step did: an alert region and a status region that are
 * always there, empty until there is something to say. Screen readers announce a change to a
 * region that exists more reliably than a region that arrives with its text (after a form post
 * with JavaScript, the new page's parts replace the old ones in place). With text, focus goes
 * there; without JavaScript, the redirect's `#notice` takes the browser there.
 */
export function Notice({
  alert,
  status,
}: {
  alert?: string | undefined;
  status?: string | undefined;
}): React.JSX.Element {
  return (
    // Empty, it takes no room: its negative margin takes back the gap the screen puts after it.
    <div
      id={NOTICE_ID}
      tabIndex={-1}
      className="flex flex-col outline-none [&:not(:has(p))]:-mb-6 [&:has(p)]:gap-3"
    >
      <div role="alert">
        {alert ? (
          <Alert severity="error">
            <p>{alert}</p>
          </Alert>
        ) : null}
      </div>
      <div role="status">
        {status ? (
          <Alert severity="success">
            <p>{status}</p>
          </Alert>
        ) : null}
      </div>
      {alert || status ? <FocusHere key={`${alert}|${status}`} id={NOTICE_ID} /> : null}
    </div>
  );
}

/**
 * What the last form post did, from the address it redirected to: `?done=<action>` (a status)
 * or `?error=<console error id>&for=<action>` (an alert; "nothing to do" says what was already
 * so). Unknown values say nothing. `extra` adds a screen's own message (the search's).
 */
export async function Outcome({
  locale,
  query,
  extra = {},
}: {
  locale: Locale;
  query: Readonly<Record<string, string | undefined>>;
  extra?: { alert?: string | undefined; status?: string | undefined };
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "errors" });
  const done = await getTranslations({ locale, namespace: "customer.done" });
  const { error, for: action } = query;
  let alert = extra.alert;
  let status = extra.status;
  if (error && (Object.hasOwn(consoleErrorIds, error) || LOCAL_ERRORS.has(error))) {
    const nothing = `console_nothing_to_do.${action && t.has(`console_nothing_to_do.${actionKey(action)}`) ? actionKey(action) : "other"}`;
    alert = t(error === "console_nothing_to_do" ? nothing : error);
  } else if (query.done && done.has(actionKey(query.done))) {
    status = done(actionKey(query.done));
  }
  return <Notice alert={alert} status={status} />;
}
