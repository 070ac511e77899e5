import type { Deps } from "../../deps/deps.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { OidcLink } from "../../identity/oidc-credentials.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import type { UiText } from "../../ui/text.ts";
import type { Flow, FlowKind } from "../flow.ts";
import type { OidcPending } from "../flow-state.ts";
import type { FlowMessage, Redirect } from "../verdict.ts";

// What social sign-in (the oidc method) gives the flows besides its login, registration and
// settings strategies: its verdict on a provider's profile, which every way the profile arrives
// shares (a form's id_token, the provider's callback, FedCM), and the checks of the callback and
// of FedCM. The routes and the answers are the flows' (flows/social/); the method never answers.
// strategies/oidc implement it, registry.ts fills `deps.strategies.social`.

/** How the answer reaches the customer: a provider's callback is a browser navigation. */
export type Via = "browser" | "request";

/** A profile as the provider vouched for it. */
export type SocialProfile = OidcPending["profile"];

/** The method refused: the message the customer reads (Kratos's 4000001 with the reason). */
export interface SocialRefusal {
  result: "refused";
  message: UiText;
}

/** What a verified profile, or a submit of the oidc method, comes to for a flow. */
export type SocialOutcome =
  | SocialRefusal
  /** To the provider (a submit with `provider`, a `link` in settings). */
  | Redirect
  /** An account holds this profile: it signs in, on a login or a registration flow. */
  | { result: "signed_in"; identity: Identity; provider: string }
  /**
   * No account holds it: a new one, stored by a registration flow (this one, or one that
   * continues the login). `ifTaken`: what to answer when another sign-up took an address first.
   */
  | { result: "sign_up"; identity: Identity; provider: string; ifTaken(): Promise<SocialOutcome> }
  /** Traits are missing or invalid: the social register screen asks for them. */
  | {
      result: "ask_traits";
      pending: OidcPending;
      traits: Record<string, unknown>;
      /** Trait node names to ask for; the others stay hidden. */
      ask: ReadonlySet<string>;
      provider: { id: string; label: string };
      messages: readonly FlowMessage[];
    }
  /**
   * 4000027: an existing account holds the profile's address; a login flow asks the customer to
   * prove that account, and links the profile once they have (hooks/link-credentials.ts).
   */
  | {
      result: "link_required";
      owner: Identity;
      address: string;
      link: OidcLink;
      providerLabel: string;
    }
  /** Settings: the profile joined the signed-in account (the method stored it). */
  | { result: "linked"; identity: Identity };

/** The state a provider's callback carries, taken once: the flow it continues. */
export interface CallbackState {
  flowId: string;
  flowKind: Extract<FlowKind, "login" | "registration" | "settings">;
  /** Traits typed on the registration form before the provider was chosen. */
  traits?: Record<string, unknown> | undefined;
}

/** The query of a provider's callback. */
export type CallbackParams = Readonly<Record<string, string | undefined>>;

export interface SocialSignIn<State extends CallbackState = CallbackState> {
  isEnabled(deps: Deps): boolean;
  /**
   * The callback's state, taken (used up) and checked: present, known, unused, and from the
   * browser that went to the provider.
   */
  takeCallbackState(
    ctx: RequestCtx,
    params: CallbackParams,
  ): Promise<CallbackState | SocialRefusal>;
  /** The refusal for a state whose flow can not go on (gone, or signed in already). */
  staleCallback(ctx: RequestCtx): SocialRefusal;
  /**
   * The provider's answer for the state's flow: same provider, no error, a code, redeemed
   * (PKCE, issuer, the ID token checked); the profile it names.
   */
  redeemCallback(
    ctx: RequestCtx,
    state: State,
    provider: string,
    params: CallbackParams,
  ): Promise<SocialProfile | SocialRefusal>;
  /** What a profile comes to on a login or registration flow. */
  signIn(
    ctx: RequestCtx,
    flow: Flow,
    profile: SocialProfile,
    options: { via: Via; traits?: Record<string, unknown> | undefined },
  ): Promise<SocialOutcome>;
  /** What a profile comes to on a settings flow: linked to the signed-in account, or not. */
  link(ctx: RequestCtx, active: ActiveSession, profile: SocialProfile): Promise<SocialOutcome>;
  /** FedCM (https://w3c-fedid.github.io/FedCM/), in Ory Network's shape. */
  readonly fedcm: {
    isConfigured(deps: Deps): boolean;
    /**
     * What `navigator.credentials.get` needs per provider, with a fresh nonce bound to the
     * login flow `flow` (createFedcmFlowResponse's providers).
     */
    parameters(ctx: RequestCtx, flow: Flow): Promise<unknown[]>;
    /** The login flow a token's nonce was given for, used up; undefined when unknown. */
    flowOf(
      ctx: RequestCtx,
      token: string,
      nonce: string | undefined,
    ): Promise<FedcmToken | undefined>;
    /** The token verified against its provider: the profile, or why not. */
    verify(ctx: RequestCtx, token: FedcmToken): Promise<SocialProfile | SocialRefusal>;
  };
}

/** A FedCM token whose nonce named a login flow. */
export interface FedcmToken {
  flowId: string;
  token: string;
  nonce: string;
}

/** Whether a method's answer is a refusal rather than what was asked for. */
export function isRefusal<T extends object>(value: T | SocialRefusal): value is SocialRefusal {
  return "result" in value && value.result === "refused";
}

declare module "../../deps/deps.ts" {
  interface Strategies {
    /** Social sign-in's part beyond the flows' strategy lists. */
    social: SocialSignIn;
  }
}
