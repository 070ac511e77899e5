import type { SecondFactorStrategy } from "../second-factor/strategy.ts";
import { storedBackupCodes } from "./codes.ts";
import { verifyBackupCodeLogin } from "./login.ts";
import { lookupLoginNodes } from "./nodes.ts";
import { isLookupSettingsSubmit, lookupSettingsNodes, submitLookupSettings } from "./settings.ts";

/**
 * Backup codes, Kratos's `lookup_secret` method. As in Kratos, having codes counts as a
 * second factor for `highest_available` (CountActiveMultiFactorCredentials).
 */
export const lookupSecretStrategy: SecondFactorStrategy = {
  method: "lookup_secret",
  isEnabled: (deps) => deps.config.selfservice.methods.lookup_secret.enabled,
  isConfigured: (identity) => storedBackupCodes(identity).length > 0,
  loginNodes: async () => lookupLoginNodes(),
  verifyLogin: (ctx, _flow, identity, body) => verifyBackupCodeLogin(ctx, identity, body),
  settingsNodes: lookupSettingsNodes,
  isSettingsSubmit: isLookupSettingsSubmit,
  submitSettings: submitLookupSettings,
};
