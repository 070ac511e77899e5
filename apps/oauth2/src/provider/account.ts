import type { Account, FindAccount, KoaContextWithOIDC } from "oidc-provider";
import type { ConsentStore } from "../persistence/consent-store.ts";

// The provider never reads the identity database. As with Hydra, the consent app hands over
// the claims for ID tokens and userinfo in its accept call (`session.id_token`); they are kept
// per grant (persistence/consent-store.ts), and oidc-provider releases those the granted scopes
// cover (email → email, email_verified; profile → name, given_name, family_name, locale, ...).

export function findAccount(consents: ConsentStore): FindAccount {
  return async (ctx: KoaContextWithOIDC, sub, token): Promise<Account> => {
    const grantId =
      (token as { grantId?: string } | undefined)?.grantId ?? ctx.oidc.entities.Grant?.jti;
    const consent = grantId ? await consents.get(grantId) : undefined;
    const claims = consent?.subject === sub ? consent.sessionIdToken : {};
    return { accountId: sub, claims: () => ({ ...claims, sub }) };
  };
}
