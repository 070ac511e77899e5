// Deep links into settings (`/settings/password`, `/settings/two-factor`). Opened without
// `?flow=`, such a screen starts the settings flow, and the identity service answers, as Kratos
// does, with its one settings UI URL: `/settings?flow=...`. The sub-screen would be lost. So
// the start remembers it in a short-lived cookie, and `/settings?flow=...` with that cookie
// goes on to the sub-screen with the same flow (and the cookie is cleared). It survives a
// sign-in in between (the flow's own return_to brings the browser back), hence minutes, not
// seconds. Only the known sub-screens are accepted: the cookie cannot send anyone elsewhere.

import { hostCookieName } from "../lib/host-cookie";

export const SETTINGS_SUB_SCREENS: readonly string[] = [
  "/settings/password",
  "/settings/two-factor",
];
/** Ten minutes: enough for a sign-in on the way. */
export const SETTINGS_SCREEN_COOKIE_MAX_AGE = 60 * 10;

export function settingsScreenCookieName(secure: boolean): string {
  return hostCookieName("moos_settings_screen", secure);
}

export function isSettingsSubScreen(path: string | undefined): path is string {
  return path !== undefined && SETTINGS_SUB_SCREENS.includes(path);
}
