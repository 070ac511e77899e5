// Form rules of SPEC.md §5. Pure functions without imports, so the same code checks a form in
// the browser (instant feedback) and in the Server Action (the rule that counts, also without
// JavaScript). Each returns a key of the `validation` namespace, or undefined when the value
// is fine. Values come straight from FormData, hence `unknown`: anything but a string counts
// as empty.
//
// The texts in messages/<locale>/validation.json spell the limits out ("mindestens 2 Zeichen"),
// so they can be shown without parameters; validation.test.ts keeps them in step with these
// constants.

export const NAME_MIN_LENGTH = 2;
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it cannot be used to stall us. */
export const PASSWORD_MAX_LENGTH = 1024;
export const VERIFICATION_CODE_LENGTH = 6;
/** RFC 5321 §4.5.3.1.3: a path holds at most 256 octets, which leaves 254 for the address. */
export const EMAIL_MAX_LENGTH = 254;

export type ValidationMessageKey =
  | "firstNameRequired"
  | "firstNameTooShort"
  | "lastNameRequired"
  | "lastNameTooShort"
  | "emailInvalid"
  | "passwordRequired"
  | "passwordTooShort"
  | "passwordTooLong"
  | "repeatPasswordRequired"
  | "passwordsDoNotMatch"
  | "verificationCodeRequired"
  | "verificationCodeInvalid";

// One local part, one @, a domain of dot-separated labels and a top-level domain of at least
// two characters; no whitespace anywhere. Deliberately looser than RFC 5322 (the email sent
// for verification is the real check) but it catches the typos people make: a missing @ or
// domain, "name@shop", "name@@shop.de", "name@shop..de", spaces.
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/u;
const VERIFICATION_CODE_PATTERN = new RegExp(`^[0-9]{${VERIFICATION_CODE_LENGTH}}$`);

function asString(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Length in Unicode code points, so "😀" or "ß" count as one character, as people count. */
function codePointLength(value: string): number {
  return [...value].length;
}

function validateName(
  value: unknown,
  keys: { required: ValidationMessageKey; tooShort: ValidationMessageKey },
): ValidationMessageKey | undefined {
  const name = asString(value).trim();
  if (name === "") return keys.required;
  if (codePointLength(name) < NAME_MIN_LENGTH) return keys.tooShort;
  return undefined;
}

export function validateFirstName(value: unknown): ValidationMessageKey | undefined {
  return validateName(value, { required: "firstNameRequired", tooShort: "firstNameTooShort" });
}

export function validateLastName(value: unknown): ValidationMessageKey | undefined {
  return validateName(value, { required: "lastNameRequired", tooShort: "lastNameTooShort" });
}

/** The address is trimmed first: a space copied along with it is not the user's mistake. */
export function validateEmail(value: unknown): ValidationMessageKey | undefined {
  const email = asString(value).trim();
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return "emailInvalid";
  return undefined;
}

/** Passwords are never trimmed: leading and trailing spaces are part of them. */
export function validatePassword(value: unknown): ValidationMessageKey | undefined {
  const password = asString(value);
  if (password === "") return "passwordRequired";
  const length = codePointLength(password);
  if (length < PASSWORD_MIN_LENGTH) return "passwordTooShort";
  if (length > PASSWORD_MAX_LENGTH) return "passwordTooLong";
  return undefined;
}

export function validateRepeatPassword(
  password: unknown,
  repeat: unknown,
): ValidationMessageKey | undefined {
  const repeated = asString(repeat);
  if (repeated === "") return "repeatPasswordRequired";
  if (repeated !== asString(password)) return "passwordsDoNotMatch";
  return undefined;
}

export function validateVerificationCode(value: unknown): ValidationMessageKey | undefined {
  const code = asString(value).trim();
  if (code === "") return "verificationCodeRequired";
  if (!VERIFICATION_CODE_PATTERN.test(code)) return "verificationCodeInvalid";
  return undefined;
}
