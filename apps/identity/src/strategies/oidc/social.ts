import type { SocialSignIn } from "../../flows/social/strategy.ts";
import { isOidcEnabled } from "./authorize.ts";
import { redeemCallback, staleCallback, takeCallbackState } from "./callback.ts";
import { fedcm } from "./fedcm.ts";
import { linkProfile } from "./settings.ts";
import { signInWithProfile } from "./sign-in.ts";
import type { OidcState } from "./state.ts";

/** Social sign-in's verdicts on a provider's profile, its callback and FedCM (OpenID Connect). */
export const oidcSocial: SocialSignIn<OidcState> = {
  isEnabled: isOidcEnabled,
  takeCallbackState,
  staleCallback,
  redeemCallback,
  signIn: signInWithProfile,
  link: linkProfile,
  fedcm,
};
