import type { SigningAlgorithm } from "../config/config.ts";
import type { Jwk } from "../keys/key-crypto.ts";
import { idTokenKeySet, type KeyRing } from "../keys/key-ring.ts";
import { flowErrors } from "./flow-error.ts";

// Hydra's JSON Web Key administration for the one set this provider signs with
// (`hydra.openid.id-token`). Only public halves are ever answered; Hydra answers private keys
// too, which no consumer here needs. Creating a key rotates (the new key signs after
// `keys.publish_ahead`); deleting the signing key makes the next one sign at once.

export interface KeyFlowDeps {
  keyRing: KeyRing;
  /** Reloads the keys into this instance now (others follow within `keys.reload_interval`). */
  reload(): Promise<void>;
}

function checkSet(set: string): void {
  if (set !== idTokenKeySet) throw flowErrors.notFound(`There is no JSON Web Key Set "${set}".`);
}

export async function getKeySet(deps: KeyFlowDeps, set: string): Promise<{ keys: Jwk[] }> {
  checkSet(set);
  return { keys: await deps.keyRing.publicKeys() };
}

export async function getKey(
  deps: KeyFlowDeps,
  set: string,
  kid: string,
): Promise<{ keys: Jwk[] }> {
  checkSet(set);
  const keys = (await deps.keyRing.publicKeys()).filter((k) => k.kid === kid);
  if (keys.length === 0) throw flowErrors.notFound(`There is no key "${kid}" in "${set}".`);
  return { keys };
}

export async function createKey(
  deps: KeyFlowDeps,
  set: string,
  body: { alg: string; kid?: string; use?: string },
): Promise<{ keys: Jwk[] }> {
  checkSet(set);
  if (body.alg !== "RS256" && body.alg !== "ES256") {
    throw flowErrors.invalid("alg must be RS256 or ES256.");
  }
  if (body.use !== undefined && body.use !== "sig") throw flowErrors.invalid("use must be sig.");
  if (body.kid && (await deps.keyRing.publicKeys()).some((k) => k.kid === body.kid)) {
    throw flowErrors.conflict(`A key "${body.kid}" already exists.`);
  }
  const key = await deps.keyRing.rotate({
    alg: body.alg as SigningAlgorithm,
    ...(body.kid ? { kid: body.kid } : {}),
  });
  await deps.reload();
  return { keys: [key] };
}

export async function deleteKey(deps: KeyFlowDeps, set: string, kid: string): Promise<void> {
  checkSet(set);
  const keys = await deps.keyRing.publicKeys();
  if (!keys.some((k) => k.kid === kid))
    throw flowErrors.notFound(`There is no key "${kid}" in "${set}".`);
  if (keys.length === 1) {
    throw flowErrors.conflict("The last signing key cannot be deleted; create a new one first.");
  }
  await deps.keyRing.remove(kid);
  await deps.reload();
}
