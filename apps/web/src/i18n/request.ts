import { hasLocale } from "next-intl";
import { getRequestConfig } from "next-intl/server";
import { loadMessages, type Messages } from "./load-messages";
import { type AppLocale, routing, timeZone } from "./routing";

// Message files do not change while a production server runs: read them once per locale.
// In development they are read on every request so edits show without a restart.
const cache = new Map<AppLocale, Promise<Messages>>();

function messagesFor(locale: AppLocale): Promise<Messages> {
  if (process.env.NODE_ENV !== "production") return loadMessages(locale);
  let messages = cache.get(locale);
  if (!messages) {
    messages = loadMessages(locale);
    // A failed load is not cached: the next request tries again.
    messages.catch(() => cache.delete(locale));
    cache.set(locale, messages);
  }
  return messages;
}

export default getRequestConfig(async ({ requestLocale }) => {
  // `requestLocale` (not `next/root-params`) because it also works in Server Actions and Route
  // Handlers, which validate forms and translate their errors. Unknown values (the locale
  // segment also catches paths like `/unknown.txt`) fall back to German.
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: await messagesFor(locale), timeZone };
});
