/**
 * The password policy (docs/protocol.md#password-policy): length, similarity to the
 * identifier, and breach corpora. No composition rules (NIST SP 800-63B §5.1.1.2).
 * Messages are Kratos's, in Kratos's order; the first failing rule wins.
 */
import { MessageId } from "@moos/contract";
import { type UiText, uiText } from "../../../ui/text.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { countPwnedPassword } from "./have-i-been-pwned.ts";
import { isTooSimilar } from "./similarity.ts";

export interface PasswordPolicyOptions {
  minLength: number;
  maxLength: number;
  identifierSimilarityCheckEnabled: boolean;
  haveIBeenPwnedEnabled: boolean;
  haveIBeenPwnedHost: string;
  haveIBeenPwnedTimeoutMs: number;
  /** A password seen in more breaches than this is refused. */
  maxBreaches: number;
}

export const defaultPasswordPolicyOptions: Readonly<PasswordPolicyOptions> = Object.freeze({
  minLength: 8,
  maxLength: 1024,
  identifierSimilarityCheckEnabled: true,
  haveIBeenPwnedEnabled: false,
  haveIBeenPwnedHost: "https://api.pwnedpasswords.com",
  haveIBeenPwnedTimeoutMs: 1000,
  maxBreaches: 0,
});

export interface PasswordPolicyInput {
  password: string;
  /** The login identifier (the email address); empty when there is none yet. */
  identifier: string;
}

/** The first rule `password` breaks as Kratos's message, or undefined when it may be used. */
export async function validatePassword(
  input: PasswordPolicyInput,
  options: PasswordPolicyOptions,
  fetchImpl?: typeof fetch,
): Promise<UiText | undefined> {
  const { password, identifier } = input;
  // Length in Unicode code points, not UTF-16 units (an emoji is 1, not 2) and not UTF-8 bytes
  // as Kratos counts: the issue speaks of characters, and "ä" must count like "a".
  const length = Array.from(password).length;
  if (length < options.minLength) {
    return uiText(
      MessageId.passwordTooShort,
      { min_length: options.minLength, actual_length: length },
      `The password must be at least ${options.minLength} characters long, but got ${length}.`,
    );
  }
  // Refused, never truncated: a hash of a cut-down password would accept other passwords too.
  if (length > options.maxLength) {
    return uiText(
      MessageId.passwordTooLong,
      { max_length: options.maxLength, actual_length: length },
      `The password must be at most ${options.maxLength} characters long, but got ${length}.`,
    );
  }
  if (options.identifierSimilarityCheckEnabled && isSimilarToIdentifier(password, identifier)) {
    return uiText(MessageId.passwordTooSimilarToIdentifier);
  }
  return checkBreaches(password, options, fetchImpl);
}

/** Compares with the whole identifier and with an email's local part ("jane.doe" in jane.doe@…). */
function isSimilarToIdentifier(password: string, identifier: string): boolean {
  const at = identifier.lastIndexOf("@");
  const localPart = at > 0 ? identifier.slice(0, at) : "";
  return isTooSimilar(password, identifier) || isTooSimilar(password, localPart);
}

async function checkBreaches(
  password: string,
  options: PasswordPolicyOptions,
  fetchImpl: typeof fetch = fetch,
): Promise<UiText | undefined> {
  // The bundled list carries no counts; its entries are the most breached passwords there are,
  // so a hit is refused whatever maxBreaches says and reported as seen (at least) once.
  if (await isCommonPassword(password)) return uiText(MessageId.passwordBreached, { breaches: 1 });
  if (!options.haveIBeenPwnedEnabled) return undefined;
  const breaches = await countPwnedPassword(password, {
    host: options.haveIBeenPwnedHost,
    timeoutMs: options.haveIBeenPwnedTimeoutMs,
    fetchImpl,
  });
  if (breaches === undefined || breaches <= options.maxBreaches) return undefined;
  return uiText(MessageId.passwordBreached, { breaches });
}
