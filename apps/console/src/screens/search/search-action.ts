"use server";

import { redirect } from "next/navigation";
import { localizedHref } from "../../i18n/locales";
import { actionContext } from "../actions/action-context";
import { MAX_SEARCH_LENGTH, sealSearch } from "./sealed-search";

/** The search form: the query goes to the results page sealed (sealed-search.ts). */
export async function searchAction(form: FormData): Promise<void> {
  const { locale, signedIn } = await actionContext(form, { back: "/" });
  const query = String(form.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH);
  redirect(localizedHref(locale, "/", { s: await sealSearch(query, signedIn.session.sid) }));
}
