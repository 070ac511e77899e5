import { TOAST_HOTKEY } from "../components/toast-options";
import type { UiTexts } from "../components/ui-texts";

/** A next-intl translator for one namespace (a method, so typed translators fit too). */
interface Translate {
  translate(key: string, values?: Record<string, string>): string;
}

/** The design system's client texts from the `common` and `loading` namespaces. */
export function buildUiTexts(
  common: Translate["translate"],
  loading: Translate["translate"],
): UiTexts {
  return {
    loading: common("loading"),
    loadingScreen: loading("label"),
    tryAgainSomethingWentWrong: common("tryAgainSomethingWentWrong"),
    reload: common("reload"),
    showPassword: common("showPassword"),
    hidePassword: common("hidePassword"),
    // The address goes in on the client (components/email-typo-hint.tsx).
    emailTypoQuestion: common("emailTypo.question", { email: "{email}" }),
    emailTypoTake: common("emailTypo.take"),
    close: common("close"),
    notification: common("notification"),
    notifications: common("notifications", { hotkey: TOAST_HOTKEY.join("+") }),
    unavailable: common("unavailable"),
  };
}
