import type { SocialRefusal } from "../../flows/social/strategy.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { UiText } from "../../ui/text.ts";
import { OidcError, oidcFailureText } from "./errors.ts";

/**
 * The refusal a flow shows for a failure; an OidcError is logged (with its cause, which the
 * customer never reads). `provider` is the display name when one is known.
 */
export function refusal(
  ctx: RequestCtx,
  failure: OidcError | UiText,
  provider?: string,
): SocialRefusal {
  if (!(failure instanceof OidcError)) return { result: "refused", message: failure };
  ctx.request.log.warn(
    { err: failure.cause ?? failure, code: failure.code },
    "social sign-in failed",
  );
  return { result: "refused", message: oidcFailureText(failure, provider) };
}
