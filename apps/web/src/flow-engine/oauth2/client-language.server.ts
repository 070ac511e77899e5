import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { config } from "../../lib/config";
import { type Locale, localeCookieName, localizedHref } from "../../lib/locale";
import { clientLocale } from "./login-challenge";

/**
 * A sign-in screen opened for a client that asked for another language (`ui_locales`) shows
 * in that language, unless the customer chose one here before (the remembered choice wins).
 */
export async function followClientLanguage(
  flow: Parameters<typeof clientLocale>[0] & { readonly id: string },
  locale: Locale,
  path: "/login" | "/registration",
): Promise<void> {
  const wanted = clientLocale(flow);
  if (!wanted || wanted === locale) return;
  if ((await cookies()).has(localeCookieName(config.https))) return;
  redirect(localizedHref(wanted, path, { flow: flow.id }));
}
