// The console's texts, one file per screen in messages/<locale>/, imported at build time (the
// console has few and small ones). German and English have the same keys (messages.test.ts).

import deAudit from "../../messages/de/audit.json";
import deCommon from "../../messages/de/common.json";
import deCustomer from "../../messages/de/customer.json";
import deErrors from "../../messages/de/errors.json";
import deEvents from "../../messages/de/events.json";
import deNotFound from "../../messages/de/notFound.json";
import deSearch from "../../messages/de/search.json";
import deSignIn from "../../messages/de/signIn.json";
import deStaff from "../../messages/de/staff.json";
import enAudit from "../../messages/en/audit.json";
import enCommon from "../../messages/en/common.json";
import enCustomer from "../../messages/en/customer.json";
import enErrors from "../../messages/en/errors.json";
import enEvents from "../../messages/en/events.json";
import enNotFound from "../../messages/en/notFound.json";
import enSearch from "../../messages/en/search.json";
import enSignIn from "../../messages/en/signIn.json";
import enStaff from "../../messages/en/staff.json";
import type { Locale } from "./locales";

export type Messages = Record<string, unknown>;

const catalogue: Record<Locale, Messages> = {
  de: {
    common: deCommon,
    signIn: deSignIn,
    search: deSearch,
    customer: deCustomer,
    events: deEvents,
    audit: deAudit,
    staff: deStaff,
    errors: deErrors,
    notFound: deNotFound,
  },
  en: {
    common: enCommon,
    signIn: enSignIn,
    search: enSearch,
    customer: enCustomer,
    events: enEvents,
    audit: enAudit,
    staff: enStaff,
    errors: enErrors,
    notFound: enNotFound,
  },
};

export function messagesOf(locale: Locale): Messages {
  return catalogue[locale];
}

/** An action id (`account.lock`) as a message key: next-intl reads dots as nesting. */
export function actionKey(action: string): string {
  return action.replaceAll(".", "_");
}
