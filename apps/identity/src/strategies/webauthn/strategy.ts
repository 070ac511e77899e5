import type { SecondFactorStrategy } from "../second-factor/strategy.ts";
import { webAuthnKeys } from "./credentials.ts";
import { isWebauthnLoginSubmit, verifyWebauthnLogin } from "./login.ts";
import { webauthnLoginNodes, webauthnSettingsNodes } from "./nodes.ts";
import { isWebAuthnEnabled } from "./relying-party.ts";
import { isWebauthnSettingsSubmit, submitWebauthnSettings } from "./settings.ts";

/** Security keys as a second factor (WebAuthn), Kratos's `webauthn` method. */
export const webauthnStrategy: SecondFactorStrategy = {
  method: "webauthn",
  isEnabled: (deps) => isWebAuthnEnabled(deps.config, "webauthn"),
  isConfigured: (identity) => webAuthnKeys(identity, "webauthn").length > 0,
  loginNodes: (ctx, flow, identity) => webauthnLoginNodes(ctx.deps, flow, identity),
  verifyLogin: verifyWebauthnLogin,
  isLoginSubmit: isWebauthnLoginSubmit,
  settingsNodes: (ctx, flow, identity) => webauthnSettingsNodes(ctx.deps, flow, identity),
  isSettingsSubmit: isWebauthnSettingsSubmit,
  submitSettings: submitWebauthnSettings,
};
