// The Kratos message catalogue (ids, types, English texts), taken from ory/docs @ 378ce260,
// plus Moos's own ids at the end (docs/ory-compatibility.md#message-ids-of-our-own). Both apps import it: the
// identity service sends these texts, the web app translates by id.

export type MessageType = "info" | "error" | "success";

export interface MessageDefinition {
  readonly id: number;
  readonly text: string;
  readonly type: MessageType;
}

export const messageCatalogue = {
  1010001: { id: 1010001, type: "info", text: "Sign in" },
  1010002: { id: 1010002, type: "info", text: "Sign in with {provider}" },
  1010003: {
    id: 1010003,
    type: "info",
    text: "Please confirm this action by verifying that it is you.",
  },
  1010004: {
    id: 1010004,
    type: "info",
    text: "Please complete the second authentication challenge.",
  },
  1010005: { id: 1010005, type: "info", text: "Verify" },
  1010006: { id: 1010006, type: "info", text: "Authentication code" },
  1010007: { id: 1010007, type: "info", text: "Backup recovery code" },
  1010008: { id: 1010008, type: "info", text: "Sign in with a hardware key" },
  1010009: { id: 1010009, type: "info", text: "Use Authenticator" },
  1010010: { id: 1010010, type: "info", text: "Use backup recovery code" },
  1010011: { id: 1010011, type: "info", text: "Sign in with a hardware key" },
  1010012: {
    id: 1010012,
    type: "info",
    text: "Prepare your WebAuthn device (e.g. security key, biometrics scanner, ...) and press continue.",
  },
  1010013: { id: 1010013, type: "info", text: "Continue" },
  1010014: {
    id: 1010014,
    type: "info",
    text: "A code was sent to the address you provided. If you didn't receive it, please check the spelling of the address and try again.",
  },
  1010015: { id: 1010015, type: "info", text: "Send sign in code" },
  1010016: {
    id: 1010016,
    type: "info",
    text: 'You tried to sign in with "{duplicateIdentifier}", but that email is already used by another account. Sign in to your account with one of the options below to add your account "{duplicateIdentifier}" at "{provider}" as another way to sign in.',
  },
  1010017: { id: 1010017, type: "info", text: "Sign in and link" },
  1010018: { id: 1010018, type: "info", text: "Confirm with {provider}" },
  1010019: { id: 1010019, type: "info", text: "Request code to continue" },
  1010021: { id: 1010021, type: "info", text: "Sign in with passkey" },
  1010022: { id: 1010022, type: "info", text: "Sign in with password" },
  1010023: { id: 1010023, type: "info", text: "Send code to {address}" },
  1010024: { id: 1010024, type: "info", text: "Sign in with a hardware key" },
  1010025: {
    id: 1010025,
    type: "info",
    text: "A code was sent to your address. If you didn't receive it, please try again.",
  },
  1040001: { id: 1040001, type: "info", text: "Sign up" },
  1040002: { id: 1040002, type: "info", text: "Sign up with {provider}" },
  1040003: { id: 1040003, type: "info", text: "Continue" },
  1040004: { id: 1040004, type: "info", text: "Sign up with security key" },
  1040005: {
    id: 1040005,
    type: "info",
    text: "A code has been sent to the address(es) you provided. If you have not received a message, check the spelling of the address and retry the registration.",
  },
  1040006: { id: 1040006, type: "info", text: "Send sign up code" },
  1040007: { id: 1040007, type: "info", text: "Sign up with passkey" },
  1040008: { id: 1040008, type: "info", text: "Back" },
  1040009: {
    id: 1040009,
    type: "info",
    text: "Please choose a credential to authenticate yourself with.",
  },
  1050001: { id: 1050001, type: "success", text: "Your changes have been saved!" },
  1050002: { id: 1050002, type: "info", text: "Link {provider}" },
  1050003: { id: 1050003, type: "info", text: "Unlink {provider}" },
  1050004: { id: 1050004, type: "info", text: "Unlink TOTP Authenticator App" },
  1050005: { id: 1050005, type: "info", text: "Authenticator app QR code" },
  1050006: { id: 1050006, type: "info", text: "{secret}" },
  1050007: { id: 1050007, type: "info", text: "Reveal backup recovery codes" },
  1050008: { id: 1050008, type: "info", text: "Generate new backup recovery codes" },
  1050009: { id: 1050009, type: "info", text: "{secret}" },
  1050010: {
    id: 1050010,
    type: "info",
    text: "These are your back up recovery codes. Please keep them in a safe place!",
  },
  1050011: { id: 1050011, type: "info", text: "Confirm backup recovery codes" },
  1050012: { id: 1050012, type: "info", text: "Add security key" },
  1050013: { id: 1050013, type: "info", text: "Name of the security key" },
  1050014: { id: 1050014, type: "info", text: "Secret was used at 2020-01-01 00:59:59 +0000 UTC" },
  1050015: { id: 1050015, type: "info", text: "{secrets_list}" },
  1050016: { id: 1050016, type: "info", text: "Disable this method" },
  1050017: {
    id: 1050017,
    type: "info",
    text: "This is your authenticator app secret. Use it if you can not scan the QR code.",
  },
  1050018: { id: 1050018, type: "info", text: 'Remove security key "{display_name}"' },
  1050019: { id: 1050019, type: "info", text: "Add passkey" },
  1050020: { id: 1050020, type: "info", text: 'Remove passkey "{display_name}"' },
  1050023: {
    id: 1050023,
    type: "info",
    text: "Your account is managed by your organization. To change these settings, contact your organization administrator.",
  },
  1060001: {
    id: 1060001,
    type: "success",
    text: "You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next 1.00 minutes.",
  },
  1060002: {
    id: 1060002,
    type: "info",
    text: "An email containing a recovery link has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.",
  },
  1060003: {
    id: 1060003,
    type: "info",
    text: "An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.",
  },
  1060004: {
    id: 1060004,
    type: "info",
    text: "A recovery code has been sent to {masked_address}. If you have not received it, check the spelling of the address and make sure to use the address you registered with.",
  },
  1060005: {
    id: 1060005,
    type: "info",
    text: "Recover access to your account by providing your recovery address in full.",
  },
  1060006: { id: 1060006, type: "info", text: "How do you want to recover your account?" },
  1060007: { id: 1060007, type: "info", text: "Back" },
  1070001: { id: 1070001, type: "info", text: "Password" },
  1070002: { id: 1070002, type: "info", text: "{title}" },
  1070003: { id: 1070003, type: "info", text: "Save" },
  1070004: { id: 1070004, type: "info", text: "ID" },
  1070005: { id: 1070005, type: "info", text: "Submit" },
  1070006: { id: 1070006, type: "info", text: "Verify code" },
  1070007: { id: 1070007, type: "info", text: "Email" },
  1070008: { id: 1070008, type: "info", text: "Resend code" },
  1070009: { id: 1070009, type: "info", text: "Continue" },
  1070010: { id: 1070010, type: "info", text: "Recovery code" },
  1070011: { id: 1070011, type: "info", text: "Verification code" },
  1070012: { id: 1070012, type: "info", text: "Registration code" },
  1070013: { id: 1070013, type: "info", text: "Login code" },
  1070014: { id: 1070014, type: "info", text: "Login and link credential" },
  1070015: {
    id: 1070015,
    type: "info",
    text: "Please complete the captcha challenge to continue.",
  },
  1070016: { id: 1070016, type: "info", text: "Recovery address" },
  1070017: { id: 1070017, type: "info", text: "Phone number" },
  1070018: { id: 1070018, type: "info", text: "Email or phone number" },
  1080001: {
    id: 1080001,
    type: "info",
    text: "An email containing a verification link has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.",
  },
  1080002: { id: 1080002, type: "success", text: "You successfully verified your email address." },
  1080003: {
    id: 1080003,
    type: "info",
    text: "An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.",
  },
  1080004: {
    id: 1080004,
    type: "info",
    text: "A text message containing a verification code has been sent to the phone number you provided. If you have not received a text message, check the spelling of the number and make sure to use the number you registered with.",
  },
  1080005: { id: 1080005, type: "success", text: "You successfully verified your phone number." },
  4000001: { id: 4000001, type: "error", text: "{reason}" },
  4000002: { id: 4000002, type: "error", text: "Property {property} is missing." },
  4000003: { id: 4000003, type: "error", text: "length must be >= 5, but got 3" },
  4000004: { id: 4000004, type: "error", text: 'does not match pattern "{pattern}"' },
  4000005: { id: 4000005, type: "error", text: "The password can not be used because {reason}." },
  4000006: {
    id: 4000006,
    type: "error",
    text: "The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.",
  },
  4000007: {
    id: 4000007,
    type: "error",
    text: "An account with the same identifier (email, phone, username, ...) exists already.",
  },
  4000008: {
    id: 4000008,
    type: "error",
    text: "The provided authentication code is invalid, please try again.",
  },
  4000009: {
    id: 4000009,
    type: "error",
    text: "Could not find any login identifiers. Did you forget to set them? This could also be caused by a server misconfiguration.",
  },
  4000010: {
    id: 4000010,
    type: "error",
    text: "Account not active yet. Did you forget to verify your email address?",
  },
  4000011: { id: 4000011, type: "error", text: "You have no TOTP device set up." },
  4000012: { id: 4000012, type: "error", text: "This backup recovery code has already been used." },
  4000013: { id: 4000013, type: "error", text: "You have no WebAuthn device set up." },
  4000014: { id: 4000014, type: "error", text: "You have no backup recovery codes set up." },
  4000015: {
    id: 4000015,
    type: "error",
    text: "This account does not exist or has no security key set up.",
  },
  4000016: { id: 4000016, type: "error", text: "The backup recovery code is not valid." },
  4000017: { id: 4000017, type: "error", text: "length must be <= 5, but got 6" },
  4000018: { id: 4000018, type: "error", text: "must be >= 5 but found 3" },
  4000019: { id: 4000019, type: "error", text: "must be > 5 but found 5" },
  4000020: { id: 4000020, type: "error", text: "must be <= 5 but found 6" },
  4000021: { id: 4000021, type: "error", text: "must be < 5 but found 5" },
  4000022: { id: 4000022, type: "error", text: "3 not multipleOf 7" },
  4000023: { id: 4000023, type: "error", text: "maximum 3 items allowed, but found 4 items" },
  4000024: { id: 4000024, type: "error", text: "minimum 3 items allowed, but found 2 items" },
  4000025: { id: 4000025, type: "error", text: "items at index 0 and 2 are equal" },
  4000026: {
    id: 4000026,
    type: "error",
    text: "expected {allowed_types_list}, but got {actual_type}",
  },
  4000027: {
    id: 4000027,
    type: "error",
    text: "An account with the same identifier (email, phone, username, ...) exists already. Please sign in to your existing account to link your social profile.",
  },
  4000028: {
    id: 4000028,
    type: "error",
    text: "You tried signing in with {credential_identifier_hint} which is already in use by another account. You can sign in using {available_credential_types_list}. You can sign in using one of the following social sign in providers: {available_oidc_providers_list}.",
  },
  4000029: { id: 4000029, type: "error", text: "must be equal to constant {expected}" },
  4000030: { id: 4000030, type: "error", text: "const failed" },
  4000031: {
    id: 4000031,
    type: "error",
    text: "The password can not be used because it is too similar to the identifier.",
  },
  4000032: {
    id: 4000032,
    type: "error",
    text: "The password must be at least 6 characters long, but got 5.",
  },
  4000033: {
    id: 4000033,
    type: "error",
    text: "The password must be at most 72 characters long, but got 80.",
  },
  4000034: {
    id: 4000034,
    type: "error",
    text: "The password has been found in data breaches and must no longer be used.",
  },
  4000035: {
    id: 4000035,
    type: "error",
    text: "This account does not exist or has not setup sign in with code.",
  },
  4000036: {
    id: 4000036,
    type: "error",
    text: "The provided traits do not match the traits previously associated with this flow.",
  },
  4000037: {
    id: 4000037,
    type: "error",
    text: "This account does not exist or has no login method configured.",
  },
  4000038: { id: 4000038, type: "error", text: "Captcha verification failed, please try again." },
  4000039: {
    id: 4000039,
    type: "error",
    text: "The new password must be different from the old password.",
  },
  4000040: { id: 4000040, type: "error", text: "Enter a valid email address" },
  4000041: { id: 4000041, type: "error", text: "Enter a valid phone number" },
  4000042: { id: 4000042, type: "error", text: "You have no DeviceAuthn device set up." },
  4000043: {
    id: 4000043,
    type: "error",
    text: "The provided web authn login is invalid, please try again.",
  },
  4000044: { id: 4000044, type: "error", text: "The provided DeviceAuthn signature is invalid." },
  4000045: {
    id: 4000045,
    type: "error",
    text: "This DeviceAuthn key can no longer be used because relaxed attestation is expired or disabled. Please enroll your device again.",
  },
  4000046: {
    id: 4000046,
    type: "error",
    text: "The device key is no longer valid. Please enroll this device again.",
  },
  4010001: {
    id: 4010001,
    type: "error",
    text: "The login flow expired 1.00 minutes ago, please try again.",
  },
  4010002: {
    id: 4010002,
    type: "error",
    text: "Could not find a strategy to log you in with. Did you fill out the form correctly?",
  },
  4010003: {
    id: 4010003,
    type: "error",
    text: "Could not find a strategy to sign you up with. Did you fill out the form correctly?",
  },
  4010004: {
    id: 4010004,
    type: "error",
    text: "Could not find a strategy to update your settings. Did you fill out the form correctly?",
  },
  4010005: {
    id: 4010005,
    type: "error",
    text: "Could not find a strategy to recover your account with. Did you fill out the form correctly?",
  },
  4010006: {
    id: 4010006,
    type: "error",
    text: "Could not find a strategy to verify your account with. Did you fill out the form correctly?",
  },
  4010007: {
    id: 4010007,
    type: "error",
    text: "The request was already completed successfully and can not be retried.",
  },
  4010008: {
    id: 4010008,
    type: "error",
    text: "The login code is invalid or has already been used. Please try again.",
  },
  4010009: { id: 4010009, type: "error", text: "Linked credentials do not match." },
  4010010: {
    id: 4010010,
    type: "error",
    text: "The address you entered does not match any known addresses in the current account.",
  },
  4010011: {
    id: 4010011,
    type: "error",
    text: "This account has been disabled. Please contact support for assistance.",
  },
  4040001: {
    id: 4040001,
    type: "error",
    text: "The registration flow expired 1.00 minutes ago, please try again.",
  },
  4040002: {
    id: 4040002,
    type: "error",
    text: "The request was already completed successfully and can not be retried.",
  },
  4040003: {
    id: 4040003,
    type: "error",
    text: "The registration code is invalid or has already been used. Please try again.",
  },
  4050001: {
    id: 4050001,
    type: "error",
    text: "The settings flow expired 1.00 minutes ago, please try again.",
  },
  4050002: {
    id: 4050002,
    type: "error",
    text: "You can only change one address at a time. Please update each address separately.",
  },
  4060001: {
    id: 4060001,
    type: "error",
    text: "The request was already completed successfully and can not be retried.",
  },
  4060002: {
    id: 4060002,
    type: "error",
    text: "The recovery flow reached a failure state and must be retried.",
  },
  4060004: {
    id: 4060004,
    type: "error",
    text: "The recovery token is invalid or has already been used. Please retry the flow.",
  },
  4060005: {
    id: 4060005,
    type: "error",
    text: "The recovery flow expired 1.00 minutes ago, please try again.",
  },
  4060006: {
    id: 4060006,
    type: "error",
    text: "The recovery code is invalid or has already been used. Please try again.",
  },
  4070001: {
    id: 4070001,
    type: "error",
    text: "The verification token is invalid or has already been used. Please retry the flow.",
  },
  4070002: {
    id: 4070002,
    type: "error",
    text: "The request was already completed successfully and can not be retried.",
  },
  4070003: {
    id: 4070003,
    type: "error",
    text: "The verification flow reached a failure state and must be retried.",
  },
  4070005: {
    id: 4070005,
    type: "error",
    text: "The verification flow expired 1.00 minutes ago, please try again.",
  },
  4070006: {
    id: 4070006,
    type: "error",
    text: "The verification code is invalid or has already been used. Please try again.",
  },
  5000001: { id: 5000001, type: "error", text: "{reason}" },
  5000002: {
    id: 5000002,
    type: "error",
    text: "No authentication methods are available. Please contact the system administrator.",
  },
  5000003: {
    id: 5000003,
    type: "error",
    text: "Your organization requires SSO authentication, but no SSO provider is configured. Please contact the system administrator.",
  },
  // Moos's own ids, for what Kratos has no message for. Our range puts a 9 in the second
  // digit, which no Kratos id has (Kratos: 10[1-8]xxxx, 40[0-7]xxxx, 500xxxx), and keeps the
  // flow group in the next two: 1905xxx and 4905xxx belong to settings (the safe email change).
  1905001: {
    id: 1905001,
    type: "info",
    text: "We sent a code to {new_address}. Until you confirm your new email address with it, you keep signing in with {old_address}.",
  },
  1905002: { id: 1905002, type: "info", text: "Cancel email change" },
  1905003: { id: 1905003, type: "success", text: "Your email address is now {new_address}." },
  1905004: {
    id: 1905004,
    type: "success",
    text: "The email change was cancelled. You keep signing in with {old_address}.",
  },
  1905005: { id: 1905005, type: "info", text: "We sent a code to {new_address}." },
  4900001: {
    id: 4900001,
    type: "error",
    text: "We are seeing unusually many attempts right now. Please try again in a few minutes.",
  },
  4900002: {
    id: 4900002,
    type: "error",
    text: "Addresses at {domain} only last a short while. Please enter an email address you keep.",
  },
  // 4901xxx: login (and every other way a session is issued, recovery included).
  4901001: {
    id: 4901001,
    type: "error",
    text: "Your account is locked. Please contact our customer service.",
  },
  4905001: {
    id: 4905001,
    type: "error",
    text: "The email change has expired. Please enter your new email address again.",
  },
  4905002: {
    id: 4905002,
    type: "error",
    text: "The code was entered wrong too often. Please send yourself a new code.",
  },
} as const satisfies Record<number, MessageDefinition>;

export type KratosMessageId = keyof typeof messageCatalogue;

/** Our own ids (see the range above): a second digit of 9. */
export function isMoosMessageId(id: number): boolean {
  return Math.floor(id / 100_000) % 10 === 9;
}

export const messageIds: readonly KratosMessageId[] = Object.keys(messageCatalogue).map(
  Number,
) as KratosMessageId[];
