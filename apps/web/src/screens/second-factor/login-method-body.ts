// The body of a login submit for the methods beyond the password (docs/protocol.md#submit-bodies:
// `method` picks the strategy): an authenticator app code, a backup code, a security key or a
// passkey. Only the fields of the chosen method are sent.

import type { UpdateLoginFlowBody } from "@ory/client-fetch";

export type LoginMethod = "totp" | "lookup_secret" | "webauthn" | "passkey";

const LOGIN_METHODS: readonly string[] = ["totp", "lookup_secret", "webauthn", "passkey"];

export function isLoginMethod(value: unknown): value is LoginMethod {
  return typeof value === "string" && LOGIN_METHODS.includes(value);
}

export function loginMethodBody(
  method: LoginMethod,
  values: Readonly<Record<string, string>>,
  locale: string,
): UpdateLoginFlowBody {
  const common = { csrf_token: values.csrf_token, transient_payload: { locale } };
  switch (method) {
    case "totp":
      return { method, totp_code: (values.totp_code ?? "").trim(), ...common };
    case "lookup_secret":
      return { method, lookup_secret: (values.lookup_secret ?? "").trim(), ...common };
    case "webauthn":
      return {
        method,
        identifier: values.identifier ?? "",
        webauthn_login: values.webauthn_login ?? "",
        ...common,
      };
    case "passkey":
      return { method, passkey_login: values.passkey_login ?? "", ...common };
  }
}
