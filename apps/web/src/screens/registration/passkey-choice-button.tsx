"use client";

// "Weiter mit Passkey" on the registration form: sends name and email without a password
// (intent=passkey, the password checks skipped as for any formNoValidate button), and the
// identity service answers with its credential choice, where the passkey is created. Shown only
// where a passkey can be made: with JavaScript, in a browser that has WebAuthn.

import * as React from "react";
import { Button } from "../../components/button";

export function PasskeyChoiceButton({ label }: { label: string }): React.JSX.Element | null {
  const [supported, setSupported] = React.useState(false);
  React.useEffect(() => {
    setSupported(typeof window.PublicKeyCredential === "function");
  }, []);
  if (!supported) return null;
  return (
    <Button type="submit" name="intent" value="passkey" variant="secondary" formNoValidate>
      {label}
    </Button>
  );
}
