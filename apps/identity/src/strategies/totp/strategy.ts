import type { SecondFactorStrategy } from "../second-factor/strategy.ts";
import { totpUrlOf } from "./credential.ts";
import { verifyTotpLogin } from "./login.ts";
import { totpLoginNodes } from "./nodes.ts";
import { isTotpSettingsSubmit, submitTotpSettings, totpSettingsNodes } from "./settings.ts";

/** Authenticator apps (RFC 6238), Kratos's `totp` method. */
export const totpStrategy: SecondFactorStrategy = {
  method: "totp",
  isEnabled: (deps) => deps.config.selfservice.methods.totp.enabled,
  isConfigured: (identity) => totpUrlOf(identity) !== undefined,
  loginNodes: async () => totpLoginNodes(),
  verifyLogin: (ctx, _flow, identity, body) => verifyTotpLogin(ctx, identity, body),
  settingsNodes: totpSettingsNodes,
  isSettingsSubmit: isTotpSettingsSubmit,
  submitSettings: submitTotpSettings,
};
