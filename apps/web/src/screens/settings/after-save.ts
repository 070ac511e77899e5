import type { SettingsFlow } from "@ory/client-fetch";
import type { NextStep } from "../../flow-engine/flow-error";
import { continueWithStep } from "../../flow-engine/step-url";

/**
 * After a successful change: the verification screen when the email changed (continue_with
 * show_verification_ui), else settings with the flow, which carries 1050001 (saved). The
 * redirect_browser_to of continue_with is not followed: it would drop the success note.
 */
export function afterSave(flow: SettingsFlow): NextStep {
  const next = continueWithStep(
    flow.continue_with?.filter((item) => item.action !== "redirect_browser_to"),
  );
  return next ?? { type: "screen", screen: "settings", query: { flow: flow.id } };
}
