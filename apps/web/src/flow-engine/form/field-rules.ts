// Which rule checks which field. The rules themselves are W1's (src/validation/rules.ts), pure
// and shared by the browser (instant feedback) and the server action (the check that counts).
// Each returns a message key; keys of the `validation` namespace are shown as they are, the few
// of our own (below) come from the screen's namespace.

import {
  validateEmail,
  validateFirstName,
  validateLastName,
  validatePassword,
  validateRepeatPassword,
  validateVerificationCode,
} from "../../validation/rules";

export type RuleName =
  | "firstName"
  | "lastName"
  | "email"
  /** A new password: required, length limits. */
  | "newPassword"
  /** An existing password (login): only required; old passwords may be shorter. */
  | "currentPassword"
  /** Must equal the field named `password`. */
  | "repeatPassword"
  | "verificationCode"
  /** The recovery code: same shape as the verification code, its own words. */
  | "recoveryCode"
  /** A sign-in code (email or authenticator app): 6 digits, in words of its own. */
  | "oneTimeCode"
  /** A backup code: only required (its format is the identity service's). */
  | "backupCode";

export type FieldRules = Readonly<Record<string, RuleName>>;

/** Message keys of our own, besides the `validation` namespace. */
export const RECOVERY_CODE_REQUIRED = "recovery.codeRequired";
export const RECOVERY_CODE_INVALID = "recovery.codeInvalid";
export const ONE_TIME_CODE_REQUIRED = "codes.required";
export const ONE_TIME_CODE_INVALID = "codes.invalid";
export const BACKUP_CODE_REQUIRED = "codes.backupRequired";

export function checkField(
  rule: RuleName,
  value: string,
  values: Readonly<Record<string, string>>,
): string | undefined {
  switch (rule) {
    case "firstName":
      return validateFirstName(value);
    case "lastName":
      return validateLastName(value);
    case "email":
      return validateEmail(value);
    case "newPassword":
      return validatePassword(value);
    case "currentPassword":
      return value === "" ? validatePassword(value) : undefined;
    case "repeatPassword":
      return validateRepeatPassword(values.password ?? "", value);
    case "verificationCode":
      return validateVerificationCode(value);
    case "recoveryCode": {
      const key = validateVerificationCode(value);
      if (key === "verificationCodeRequired") return RECOVERY_CODE_REQUIRED;
      return key ? RECOVERY_CODE_INVALID : undefined;
    }
    case "oneTimeCode": {
      const key = validateVerificationCode(value);
      if (key === "verificationCodeRequired") return ONE_TIME_CODE_REQUIRED;
      return key ? ONE_TIME_CODE_INVALID : undefined;
    }
    case "backupCode":
      return value.trim() === "" ? BACKUP_CODE_REQUIRED : undefined;
  }
}

/** Every failing field of a form, in the order of `rules`. */
export function checkFields(
  rules: FieldRules,
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const key = checkField(rule, values[name] ?? "", values);
    if (key) errors[name] = key;
  }
  return errors;
}

/** The string values of a submitted form (files and repeated names are ignored). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value === "string" && !(name in values)) values[name] = value;
  }
  return values;
}
