// Turns a NextStep into the URL the browser goes to, and reads `continue_with` (docs/protocol.md#continue-with).

import type { ContinueWith } from "@ory/client-fetch";
import { type Locale, localizedHref } from "../lib/locale";
import type { NextStep } from "./flow-error";
import { SCREEN_PATHS } from "./init-url";

export function stepUrl(step: Exclude<NextStep, { type: "unhandled" }>, locale: Locale): string {
  if (step.type === "redirect") return step.url;
  return localizedHref(locale, SCREEN_PATHS[step.screen], step.query);
}

/**
 * The step `continue_with` asks for: verification first (docs/protocol.md#continue-with: the reference UI shows
 * the verification screen before following the redirect), then a settings screen, then the
 * browser redirect. Undefined when it asks for nothing we follow.
 */
export function continueWithStep(
  continueWith: readonly ContinueWith[] | undefined,
): NextStep | undefined {
  if (!continueWith) return undefined;
  for (const action of [
    "show_verification_ui",
    "show_settings_ui",
    "redirect_browser_to",
  ] as const) {
    const item = continueWith.find((entry) => entry.action === action);
    if (!item) continue;
    if (item.action === "show_verification_ui") {
      return { type: "screen", screen: "verification", query: { flow: item.flow.id } };
    }
    if (item.action === "show_settings_ui") {
      return { type: "screen", screen: "settings", query: { flow: item.flow.id } };
    }
    if (item.action === "redirect_browser_to") {
      return { type: "redirect", url: item.redirect_browser_to };
    }
  }
  return undefined;
}

/** Where a sign-in or sign-up goes on: what `continue_with` asks for, else back to the client. */
export function stepAfterSignIn(continueWith: readonly ContinueWith[] | undefined): NextStep {
  return continueWithStep(continueWith) ?? { type: "redirect", url: "/api/redirect" };
}
