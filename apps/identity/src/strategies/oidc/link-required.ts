import type { SocialOutcome, SocialProfile } from "../../flows/social/strategy.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";

// A social profile whose email another account already holds (docs/protocol.md#account-linking,
// 4000027) is never merged by email: a login flow asks the customer to prove that account and
// carries the profile (flows/login/link-profile.ts), which hooks/link-credentials.ts links once
// they have.

export interface TakenAddress {
  owner: Identity;
  address: string;
}

/** An existing account that already holds one of the new identity's addresses. */
export async function ownerOfAddresses(
  ctx: RequestCtx,
  identity: Identity,
): Promise<TakenAddress | undefined> {
  const { identities } = ctx.deps.persistence;
  const values = [
    ...identity.verifiable_addresses.map((a) => a.value),
    ...identity.recovery_addresses.map((a) => a.value),
  ];
  for (const value of new Set(values)) {
    const owner =
      (await identities.findIdentityByIdentifier("password", value)) ??
      (await identities.findIdentityByVerifiableAddress(value)) ??
      (await identities.findIdentityByRecoveryAddress(value));
    if (owner) return { owner, address: value };
  }
  return undefined;
}

/** 4000027: the profile's address belongs to `taken.owner`, who must sign in to link it. */
export function linkRequired(
  ctx: RequestCtx,
  taken: TakenAddress,
  profile: SocialProfile,
): SocialOutcome {
  return {
    result: "link_required",
    owner: taken.owner,
    address: taken.address,
    link: { provider: profile.provider, issuer: profile.issuer, subject: profile.subject },
    providerLabel: ctx.deps.oidc.get(profile.provider)?.config.label ?? profile.provider,
  };
}
