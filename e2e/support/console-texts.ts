// The console's texts (apps/console/messages/{de,en}/), for the console's page objects: every
// asserted text comes from the app's own files, so a wrong or missing text fails the spec, and
// one spec serves both languages. The English files are typed as the German ones.

import deAudit from "../../apps/console/messages/de/audit.json" with { type: "json" };
import deCommon from "../../apps/console/messages/de/common.json" with { type: "json" };
import deCustomer from "../../apps/console/messages/de/customer.json" with { type: "json" };
import deErrors from "../../apps/console/messages/de/errors.json" with { type: "json" };
import deEvents from "../../apps/console/messages/de/events.json" with { type: "json" };
import deNotFound from "../../apps/console/messages/de/notFound.json" with { type: "json" };
import deSearch from "../../apps/console/messages/de/search.json" with { type: "json" };
import deSignIn from "../../apps/console/messages/de/signIn.json" with { type: "json" };
import deStaff from "../../apps/console/messages/de/staff.json" with { type: "json" };
import enAudit from "../../apps/console/messages/en/audit.json" with { type: "json" };
import enCommon from "../../apps/console/messages/en/common.json" with { type: "json" };
import enCustomer from "../../apps/console/messages/en/customer.json" with { type: "json" };
import enErrors from "../../apps/console/messages/en/errors.json" with { type: "json" };
import enEvents from "../../apps/console/messages/en/events.json" with { type: "json" };
import enNotFound from "../../apps/console/messages/en/notFound.json" with { type: "json" };
import enSearch from "../../apps/console/messages/en/search.json" with { type: "json" };
import enSignIn from "../../apps/console/messages/en/signIn.json" with { type: "json" };
import enStaff from "../../apps/console/messages/en/staff.json" with { type: "json" };
import type { Language } from "./languages.ts";

const de = {
  common: deCommon,
  signIn: deSignIn,
  search: deSearch,
  customer: deCustomer,
  events: deEvents,
  audit: deAudit,
  staff: deStaff,
  errors: deErrors,
  notFound: deNotFound,
};

export type ConsoleTexts = typeof de;

const en: ConsoleTexts = {
  common: enCommon,
  signIn: enSignIn,
  search: enSearch,
  customer: enCustomer,
  events: enEvents,
  audit: enAudit,
  staff: enStaff,
  errors: enErrors,
  notFound: enNotFound,
};

/** The console's texts in the language of `lang`. */
export function consoleTexts(lang: Language): ConsoleTexts {
  return lang.code === "en" ? en : de;
}

/** An action id (`account.lock`) as the message files key it (`account_lock`). */
export function actionKey(action: string): string {
  return action.replaceAll(".", "_");
}
