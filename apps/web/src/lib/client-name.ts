// The client (shop, app, ...) that sent the user here: `?client=` on any page. It is stored in
// a cookie (so the server knows it without JavaScript: /api/redirect sends the user back to
// that client's home) and in localStorage under the product's key, as the original app did.
// Names are checked by shape only; an unknown name is treated as `self` where it is used.

import { hostCookieName } from "./host-cookie";

export const CLIENT_PARAM = "client";
export const CLIENT_STORAGE_KEY = "moos";
/** One year: the client rarely changes for a person. */
export const CLIENT_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

const CLIENT_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

export function parseClientName(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && CLIENT_NAME.test(trimmed) ? trimmed : undefined;
}

/** The persisted setting: `{ "client": string | null }` under the key `moos`. */
export interface PersistedSettings {
  readonly client: string | null;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

export function readStoredClient(storage: KeyValueStorage): string | undefined {
  try {
    const raw = storage.getItem(CLIENT_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<PersistedSettings> | null;
    return parseClientName(typeof parsed?.client === "string" ? parsed.client : undefined);
  } catch {
    return undefined;
  }
}

export function storeClient(storage: KeyValueStorage, client: string): void {
  try {
    const settings: PersistedSettings = { client };
    storage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage can be full or disabled (private mode): the cookie still carries the client.
  }
}

/** `moos_client`, or `__Host-moos_client` over https (host-cookie.ts). */
export function clientCookieName(secure: boolean): string {
  return hostCookieName("moos_client", secure);
}

export function clientCookie(client: string, secure: boolean): string {
  const attributes = [`Path=/`, `Max-Age=${CLIENT_COOKIE_MAX_AGE}`, "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return `${clientCookieName(secure)}=${client}; ${attributes.join("; ")}`;
}

/**
 * Runs in the browser on every page: `?client=` wins, else the stored name; the result is
 * written back to localStorage and to the cookie (which may have expired meanwhile).
 */
export function persistClientName(options: {
  search: string;
  storage: KeyValueStorage;
  cookies: string;
  setCookie: (cookie: string) => void;
  secure: boolean;
}): string | undefined {
  const fromQuery = parseClientName(new URLSearchParams(options.search).get(CLIENT_PARAM));
  const client = fromQuery ?? readStoredClient(options.storage);
  if (!client) return undefined;
  storeClient(options.storage, client);
  const name = clientCookieName(options.secure);
  const current = options.cookies
    .split(/;\s*/)
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (current !== client) options.setCookie(clientCookie(client, options.secure));
  return client;
}
