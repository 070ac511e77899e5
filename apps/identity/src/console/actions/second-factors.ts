import { type ChangeSpec, nothingToDo } from "../change.ts";
import { tellCustomer } from "./tell-customer.ts";

// `POST .../second-factors/reset`: for a customer who lost their phone or key. The second
// factors go (authenticator app, backup codes, security keys); passkeys, the password and social
// sign-ins stay, so the customer signs in with their first factor and sets a new one up.

const secondFactors = ["totp", "lookup_secret", "webauthn"] as const;

export const resetSecondFactors: ChangeSpec<Record<string, never>> = {
  action: "second_factors.reset",
  parse: () => ({}),
  async act(change) {
    const { tx, identity, now } = change;
    const removed = secondFactors.filter((type) =>
      identity.credentials.some((credential) => credential.type === type),
    );
    if (removed.length === 0) throw nothingToDo("The account has no second factor.");
    identity.credentials = identity.credentials.filter(
      (credential) => !(secondFactors as readonly string[]).includes(credential.type),
    );
    identity.updated_at = now;
    await tx.identities.updateIdentity(identity);
    await tellCustomer(change, "support_second_factors_reset", { methods: removed });
    return { details: { methods: removed } };
  },
};
