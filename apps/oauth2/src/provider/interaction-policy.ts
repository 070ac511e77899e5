import { interactionPolicy, type KoaContextWithOIDC } from "oidc-provider";

// Hydra sends every authorization request through the login app and then the consent app;
// the apps learn from `skip` whether they need to show anything. oidc-provider instead asks
// for login only without a session, and for consent only when scopes are missing. One more
// check in each prompt makes oidc-provider behave like Hydra: a request that has not yet
// come back from the login (consent) app needs the login (consent) prompt. `prompt=none`
// keeps its meaning: no app is asked, and the request fails with login_required or
// consent_required when the session or the remembered grant does not suffice.

/** The reason oidc-provider records for our check; its alone means the login can be skipped. */
export const loginAppReason = "login_app";
export const consentAppReason = "consent_app";

function notYetAnswered(name: "login" | "consent") {
  return (ctx: KoaContextWithOIDC): boolean =>
    !ctx.oidc.promptPending("none") && ctx.oidc.result?.[name] === undefined;
}

export function hydraPolicy(): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  policy
    .get("login")
    ?.checks.add(
      new interactionPolicy.Check(
        loginAppReason,
        "the login app answers every authorization request",
        notYetAnswered("login"),
      ),
    );
  policy
    .get("consent")
    ?.checks.add(
      new interactionPolicy.Check(
        consentAppReason,
        "the consent app answers every authorization request",
        notYetAnswered("consent"),
      ),
    );
  return policy;
}

/** Where the browser goes for a prompt: the login or consent app, with the challenge. */
export function interactionUrl(
  urls: { login: string; consent: string },
  prompt: string,
  challenge: string,
): string {
  const login = prompt === "login";
  const url = new URL(login ? urls.login : urls.consent);
  url.searchParams.set(login ? "login_challenge" : "consent_challenge", challenge);
  return url.href;
}
