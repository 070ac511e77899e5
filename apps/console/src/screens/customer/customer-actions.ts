"use server";

import { redirect } from "next/navigation";
import { type Locale, localizedHref } from "../../i18n/locales";
import { type ChangeAction, ConsoleApiError, changePaths, consoleApi } from "../../lib/console-api";
import { endSession } from "../../lib/staff.server";
import { actionContext } from "../actions/action-context";
import { startOfDayInShopZone } from "./berlin-date";

// The customer page's changes, each a plain form posting here (server actions, so they also work
// without JavaScript). Each checks the session and the CSRF token (actionContext), sends the
// change with its reason and the version of the account the page showed, and answers with a
// redirect to the page and what happened (`?done=` or `?error=`, shown by screens/ui/outcome.tsx).
// Nothing is changed here: the identity service decides, audits and tells the customer.

const text = (form: FormData, name: string): string => String(form.get(name) ?? "").trim();

/** The request body of each change, from its form's fields. */
function bodyOf(action: ChangeAction, form: FormData): Record<string, unknown> | "date" {
  const base = { reason: text(form, "reason"), expected_version: text(form, "expected_version") };
  switch (action) {
    case "sessions.revoke": {
      const session = text(form, "session");
      return session && session !== "all" ? { ...base, session_id: session } : base;
    }
    case "account.lock": {
      if (text(form, "duration") !== "until") return { ...base, until: null };
      const until = startOfDayInShopZone(text(form, "until"));
      if (!until || until.getTime() <= Date.now()) return "date";
      return { ...base, until: until.toISOString() };
    }
    case "email.resend":
      return { ...base, kind: text(form, "kind") };
    case "name.correct":
      return { ...base, first: text(form, "first"), last: text(form, "last") };
    case "account.delete":
      return { ...base, confirm: text(form, "confirm") };
    default:
      return base;
  }
}

function isChangeAction(value: string): value is ChangeAction {
  return Object.hasOwn(changePaths, value);
}

function back(locale: Locale, path: string, query: Record<string, string>): never {
  redirect(`${localizedHref(locale, path, query)}#notice`);
}

/** A refusal of the identity service as the page's message. */
function refusal(locale: Locale, path: string, action: string, error: unknown): never {
  if (!(error instanceof ConsoleApiError)) throw error;
  if (error.id === "console_unauthorized") endSession(locale, "not_staff");
  const id = error.id === "console_bad_request" && error.field === "confirm" ? "confirm" : error.id;
  back(locale, path, { error: id, for: action });
}

/** Every change of a customer's account but the export (app/api/export) and role changes. */
export async function changeCustomer(form: FormData): Promise<void> {
  const customerId = text(form, "customer_id");
  const page = `/customers/${encodeURIComponent(customerId)}`;
  const { locale, signedIn } = await actionContext(form, { back: page });
  const action = text(form, "action");
  if (!isChangeAction(action)) back(locale, page, { error: "console_bad_request" });
  const body = bodyOf(action, form);
  if (body === "date") back(locale, page, { error: "date", for: action });
  try {
    await consoleApi.change(signedIn.actor, customerId, action, body);
  } catch (error) {
    refusal(locale, page, action, error);
  }
  if (action === "account.delete") back(locale, "/", { done: action });
  back(locale, page, { done: action });
}

/** Grants, changes or takes a staff role (from the customer page or the team page). */
export async function changeRole(form: FormData): Promise<void> {
  const identityId = text(form, "identity_id");
  const page =
    text(form, "back") === "staff" ? "/staff" : `/customers/${encodeURIComponent(identityId)}`;
  const { locale, signedIn } = await actionContext(form, { back: page });
  const role = text(form, "role");
  try {
    await consoleApi.setRole(signedIn.actor, identityId, {
      role: role === "viewer" || role === "support" || role === "admin" ? role : null,
      reason: text(form, "reason"),
    });
  } catch (error) {
    refusal(locale, page, "staff.role_change", error);
  }
  back(locale, page, { done: "staff.role_change" });
}
