import type { OidcLink } from "../identity/oidc-credentials.ts";
import type { AcceptOAuth2Login } from "../oauth2/oauth2-provider.ts";
import type { UiContainer } from "../ui/nodes.ts";

// What each kind of flow keeps between requests. `payload` holds the wire fields (toFlowJson
// sends every key of it), `internal` what the client never sees. check-flow-state.ts holds
// the same declarations as schemas: a stored flow is checked against its kind's when loaded.

/** The wire fields every kind has. */
export interface PayloadBase {
  request_url: string;
  return_to?: string;
  /** The method of the last submit (`password`, `code`, ...). */
  active?: string;
  ui: UiContainer;
  transient_payload?: Record<string, unknown>;
}

export interface LoginPayload extends PayloadBase {
  organization_id: string | null;
  refresh: boolean;
  requested_aal: "aal1" | "aal2";
  /** The OAuth2 provider's login request this sign-in answers. */
  oauth2_login_challenge?: string;
  /** An app's flow started with return_session_token_exchange_code. */
  session_token_exchange_code?: string;
}

export interface RegistrationPayload extends PayloadBase {
  organization_id: string | null;
  oauth2_login_challenge?: string;
  session_token_exchange_code?: string;
}

export interface SettingsPayload extends PayloadBase {
  organization_id: string | null;
  /** What a saved change leads to (the verification UI, the redirect). */
  continue_with?: Record<string, unknown>[];
}

export type RecoveryPayload = PayloadBase;
export type VerificationPayload = PayloadBase;

/** A one-time code on its way: the address it went to and the wrong tries so far. */
export interface CodeState {
  address?: string;
  tries?: number;
}

/** A WebAuthn ceremony begun: its challenge, claimed once by the answer. */
export interface PendingCeremony {
  challenge: string;
  /** base64url; registrations only. */
  user_handle?: string;
}

/**
 * The ceremonies of security keys (`webauthn`) and passkeys, one pending per kind, and the
 * automatic passkey upgrade's, which is kept apart: only it may be answered without presence.
 */
export interface CeremonyState {
  webauthn_session?: PendingCeremony;
  passkey_session?: PendingCeremony;
  passkey_upgrade_session?: PendingCeremony;
}

/**
 * A browser flow finishing a native app's social sign-in: the app's flow whose exchange
 * receives the session token, and where the browser goes back to.
 */
export interface NativeAppReturn {
  flowId: string;
  returnTo: string;
}

/** A social profile waiting for the existing account it belongs to to sign in (4000027). */
export interface PendingLink {
  identityId: string;
  link: OidcLink;
}

/** A provider's profile kept while the social register screen asks for missing traits. */
export interface OidcPending {
  provider: string;
  profile: {
    provider: string;
    issuer: string;
    subject: string;
    /** The provider's claims, as it sent them. */
    claims: Record<string, unknown>;
  };
}

export interface NamedKey {
  id: string;
  name: string;
}

/** The account's ways in when a settings submit starts, compared when the change is saved. */
export interface SecuritySummary {
  /** A digest of the stored password hash; null without a password. */
  password: string | null;
  totp: boolean;
  /** A digest of the backup codes' hashes (new codes change it); null without codes. */
  backupCodes: string | null;
  securityKeys: NamedKey[];
  passkeys: NamedKey[];
  providers: string[];
}

/**
 * The bot defence's proof of work the next submit must solve (ALTCHA's challenge as JSON,
 * flows/bot-defence.ts). Kept here, not in the nodes, which the steps rebuild: the flow's JSON
 * carries it as ui nodes of group `captcha` (flow.ts).
 */
export interface ChallengeState {
  challenge?: string;
}

export interface LoginInternal extends CodeState, CeremonyState, ChallengeState {
  /** The flow signed someone in; it can not be submitted again. */
  completed?: boolean;
  /** How many sign-in codes were asked for: the job sends only the latest round's. */
  codeRound?: number;
  linkCredentials?: PendingLink;
  nativeApp?: NativeAppReturn;
}

export interface RegistrationInternal extends CodeState, CeremonyState, ChallengeState {
  completed?: boolean;
  /** The traits a sign-up by code registers once the code is in. */
  codeTraits?: Record<string, unknown>;
  /** Where the verification after this sign-up returns to. */
  afterVerificationReturnTo?: string;
  nativeApp?: NativeAppReturn;
  oidcPending?: OidcPending;
}

export interface SettingsInternal extends CeremonyState {
  securityBefore?: SecuritySummary;
  /** The authenticator app's secret offered, until a code confirms it. */
  totp_url?: string;
  /** New backup codes (their HMACs), until confirmed. */
  lookup_secret_regenerated?: string[];
}

export interface RecoveryInternal extends CodeState {
  /** How many recovery emails were asked for: the job sends only the latest round's. */
  recoveryRound?: number;
}

export interface VerificationInternal extends CodeState {
  /** A sign-up's OAuth2 login, accepted once the address is verified. */
  oauth2Login?: AcceptOAuth2Login;
}

/** Each kind's declared state. */
export interface FlowStates {
  login: { payload: LoginPayload; internal: LoginInternal };
  registration: { payload: RegistrationPayload; internal: RegistrationInternal };
  settings: { payload: SettingsPayload; internal: SettingsInternal };
  recovery: { payload: RecoveryPayload; internal: RecoveryInternal };
  verification: { payload: VerificationPayload; internal: VerificationInternal };
}

/**
 * Any kind's payload, as code that serves several kinds sees it: the shared fields, and each
 * kind's own as optional (a load checks that a flow holds only its kind's).
 */
export type FlowPayload = PayloadBase &
  Partial<Omit<LoginPayload & RegistrationPayload & SettingsPayload, keyof PayloadBase>>;

/** Any kind's internal state (every key is optional, so this holds each kind's keys). */
export type FlowInternal = LoginInternal &
  RegistrationInternal &
  SettingsInternal &
  RecoveryInternal &
  VerificationInternal;
