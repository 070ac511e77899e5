import type { FlowType } from "../flows/flow.ts";
import type { Ctx, RequestCtx } from "../http/context.ts";
import { deviceCookie, setDeviceCookie } from "../http/cookies.ts";
import type { Identity } from "../identity/identity.ts";
import type { Persistence } from "../persistence/persistence.ts";
import { randomAlphanumeric } from "../session/tokens.ts";
import { originOf } from "./request-origin.ts";
import { secretHash } from "./secret-hash.ts";

// "A device seen before on this account" (docs/account-safety.md#trusted-devices). A browser gets a long-lived cookie with a
// random value (43 characters from the CSPRNG) on its first sign-in; the account keeps only
// the value's HMAC as a trusted device. A later sign-in whose cookie matches a trusted device of
// the same account is from a known device; anything else is new, and the browser is trusted
// from then on. Why this and not the IP address or a fingerprint: addresses change with every
// mobile network and are shared behind NAT, fingerprints are guessable and track people across
// sites; a random value only the browser holds identifies exactly "this browser", cannot be
// derived by anyone else, and is forgotten with the browser's cookies (a notice too many,
// never one too few). The cookie is per browser, the trust per account: one browser signing in
// to two accounts is trusted by each separately. Apps (api flows) have no cookie jar: they may
// send their own stable random value in `X-Moos-Device`; without it every app sign-in counts
// as new. A device unused for `security.trusted_devices.lifespan` is new again.

const tokenPattern = /^[A-Za-z0-9]{22,128}$/;
const appHeader = "x-moos-device";

export interface SignInDevice {
  /** The trusted device's id; undefined when the client cannot be recognised later (no id). */
  id: string | undefined;
  /** True when this account had not signed in from this device (within the lifespan). */
  isNew: boolean;
}

function presentedToken(ctx: RequestCtx, flowType: FlowType): string | undefined {
  const raw =
    flowType === "browser"
      ? ctx.request.cookies[deviceCookie(ctx.deps.config)]
      : ctx.request.headers[appHeader];
  return typeof raw === "string" && tokenPattern.test(raw) ? raw : undefined;
}

function deviceHash(ctx: RequestCtx, token: string): string {
  return secretHash(ctx.deps.config.secrets.default[0]!, "device", token);
}

/**
 * Tells whether the identity knows the device of this sign-in and trusts it from now on (in
 * the caller's transaction). Browsers get (or keep, for another `lifespan`) the cookie.
 */
export async function recogniseDevice(
  ctx: Ctx,
  tx: Persistence,
  identity: Identity,
  flowType: FlowType,
): Promise<SignInDevice> {
  const { deps } = ctx;
  const presented = presentedToken(ctx, flowType);
  if (!presented && flowType === "api") return { id: undefined, isNew: true };
  const token = presented ?? randomAlphanumeric(43);
  const hash = deviceHash(ctx, token);
  const now = deps.now();
  const known = await tx.security.findTrustedDevice(identity.id, hash);
  const isNew =
    !known ||
    known.last_seen_at.getTime() + deps.config.security.trusted_devices.lifespan <= now.getTime();
  const origin = originOf(ctx.request);
  const id = await tx.security.trustDevice({
    id: crypto.randomUUID(),
    identity_id: identity.id,
    device_hash: hash,
    ip_address: origin.ip_address,
    user_agent: origin.user_agent,
    created_at: now,
    last_seen_at: now,
  });
  if (flowType === "browser") setDeviceCookie(ctx.reply, deps.config, token);
  return { id, isNew };
}

/**
 * A sign-in from a device the identity trusts (seen within `lifespan`) moves its last sight in
 * one statement, outside any transaction, and is done: true. Anything else (no device value, a
 * device the account does not know or has not seen for the lifespan) is false and changes
 * nothing; the caller then trusts the device with recogniseDevice in the transaction that also
 * records the event, so a new device's notice can never be lost (and faster: the returning
 * customer's sign-in went from four statements, begin, read, write, commit, to one).
 */
export async function touchKnownDevice(
  ctx: Ctx,
  identity: Identity,
  flowType: FlowType,
): Promise<boolean> {
  const { deps } = ctx;
  const token = presentedToken(ctx, flowType);
  if (!token) return false;
  const now = deps.now();
  const origin = originOf(ctx.request);
  const id = await deps.persistence.security.touchTrustedDevice(
    {
      identity_id: identity.id,
      device_hash: deviceHash(ctx, token),
      ip_address: origin.ip_address,
      user_agent: origin.user_agent,
      last_seen_at: now,
    },
    new Date(now.getTime() - deps.config.security.trusted_devices.lifespan),
  );
  if (id === undefined) return false;
  if (flowType === "browser") setDeviceCookie(ctx.reply, deps.config, token);
  return true;
}

/** The trusted device this request comes from, if the identity knows it (events name it). */
export async function currentDeviceId(
  ctx: RequestCtx,
  identityId: string,
  flowType: FlowType,
): Promise<string | null> {
  const token = presentedToken(ctx, flowType);
  if (!token) return null;
  const device = await ctx.deps.persistence.security.findTrustedDevice(
    identityId,
    deviceHash(ctx, token),
  );
  return device?.id ?? null;
}
