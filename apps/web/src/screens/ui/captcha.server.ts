// The proof of work a login or registration flow may carry (docs/web-app.md#bot-defence), with
// its texts, for Screen's `captcha`: undefined when the flow carries none.

import type { UiNode } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import { captchaChallenge } from "../../flow-engine/captcha/captcha-nodes";
import type { Locale } from "../../lib/locale";
import type { ScreenCaptcha } from "./screen";

export async function captchaOf(
  nodes: readonly UiNode[],
  locale: Locale,
): Promise<ScreenCaptcha | undefined> {
  const challenge = captchaChallenge(nodes);
  if (!challenge) return undefined;
  const t = await getTranslations({ locale, namespace: "common" });
  return { challenge, texts: { waiting: t("captcha.waiting"), noScript: t("captcha.noScript") } };
}
