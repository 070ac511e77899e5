"use client";

// The browser half of keeping passkey managers in step (flow-engine/webauthn/passkey-signals.ts):
// rendered by the settings screens (the account's passkeys and names, on every visit) and by
// the login screen after a refusal for an unknown passkey. Nothing is shown.

import * as React from "react";
import {
  forgetUnknownPasskey,
  keepPasskeysInStep,
  type PasskeyAccount,
  type PasskeyUser,
} from "../../flow-engine/webauthn/passkey-signals";

export function PasskeySignals({
  account,
  identityId,
  user,
}: {
  account: PasskeyAccount;
  identityId: string;
  user: PasskeyUser;
}): null {
  const { rpId, userHandle } = account;
  const ids = account.credentialIds.join(" ");
  const { name, displayName } = user;
  React.useEffect(() => {
    void keepPasskeysInStep({
      account: { rpId, userHandle, credentialIds: ids ? ids.split(" ") : [] },
      identityId,
      user: { name, displayName },
      storage: window.localStorage,
    }).catch(() => undefined);
  }, [rpId, userHandle, ids, identityId, name, displayName]);
  return null;
}

/** After 4000015: the password manager stops offering the passkey just refused. */
export function UnknownPasskeySignal({ rpId }: { rpId: string }): null {
  React.useEffect(() => {
    void forgetUnknownPasskey({ rpId, storage: window.sessionStorage }).catch(() => undefined);
  }, [rpId]);
  return null;
}
