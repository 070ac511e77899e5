// What the settings screens hand to PasskeySignals: the account's passkeys from the settings
// flow's nodes, its identity, and how the password manager should name it (email, and the
// customer's name: what the identity service puts into a new passkey).

import type { SettingsFlow } from "@ory/client-fetch";
import {
  type PasskeyAccount,
  type PasskeyUser,
  passkeyAccount,
} from "../../flow-engine/webauthn/passkey-signals";

export interface PasskeySignalProps {
  readonly account: PasskeyAccount;
  readonly identityId: string;
  readonly user: PasskeyUser;
}

export function passkeySignalProps(flow: SettingsFlow): PasskeySignalProps | undefined {
  const account = passkeyAccount(flow.ui.nodes);
  const identity = flow.identity;
  const traits = (identity?.traits ?? {}) as {
    email?: unknown;
    name?: { first?: unknown; last?: unknown };
  };
  if (!account || !identity?.id || typeof traits.email !== "string") return undefined;
  const fullName = [traits.name?.first, traits.name?.last]
    .filter((part): part is string => typeof part === "string" && part.trim() !== "")
    .join(" ");
  return {
    account,
    identityId: identity.id,
    user: { name: traits.email, displayName: fullName || traits.email },
  };
}
