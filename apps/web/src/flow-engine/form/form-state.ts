// What a form's server action answers when it does not redirect (shared by server and client).

export interface FormState {
  /** Submitted values to show again (never passwords). */
  readonly values: Readonly<Record<string, string>>;
  /** Field name -> message key (see field-rules.ts), from the server-side check. */
  readonly errors: Readonly<Record<string, string>>;
  /** A form with steps (login: email, then password). */
  readonly step?: string;
  /**
   * A page the browser must load as a document (the identity service's own paths, other
   * sites). Set only for calls made by JavaScript; without it the action redirects.
   */
  readonly navigateTo?: string;
  /**
   * The identity service was briefly unavailable (503): the form stays, with what was typed,
   * and says so; sending it again is the retry (the flow id travels in its hidden fields).
   */
  readonly notice?: "unavailable";
  /**
   * The answer to a password that signed in: the form may try the automatic passkey upgrade
   * before it goes on (docs/sign-in-methods.md#from-password-to-passkey).
   */
  readonly signedInWithPassword?: true;
}

export const initialFormState: FormState = { values: {}, errors: {} };
