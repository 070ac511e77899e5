import { isIP } from "node:net";
import { consoleHeaders, type StaffRole } from "@moos/contract";
import type { Ctx } from "../http/context.ts";
import type { Identity } from "../identity/identity.ts";
import { uuidPattern } from "../session/handlers.ts";
import { badField, consoleError } from "./errors.ts";

// Who acts: the staff member the console's server names in X-Moos-Staff-Id. The console's token
// vouches that its server signed them in (docs/console.md#access); the role is looked up here,
// never taken from the request. Someone without a role, or whose account is inactive or locked,
// is nobody to the console API: 401 console_unauthorized, as for a wrong token.

export interface StaffActor {
  identity: Identity;
  email: string;
  role: StaffRole;
  /** The address the console's server saw them at. */
  ip: string | null;
  /** This request's id (the console's own when it sent a usable one, request-id.ts). */
  requestId: string;
  /** When they last signed in (the ID token's auth_time); undefined when not sent or unusable. */
  authTime: Date | undefined;
}

// The console's clock and ours may differ a little; an auth_time further ahead is not believed.
const clockSkewMs = 60_000;

function header(ctx: Ctx, name: string): string | undefined {
  const value = ctx.request.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export async function staffActor(ctx: Ctx): Promise<StaffActor> {
  const { deps } = ctx;
  const id = header(ctx, consoleHeaders.staffId);
  const nobody = (reason: string) => consoleError("console_unauthorized", reason);
  if (!id || !uuidPattern.test(id)) throw nobody("X-Moos-Staff-Id must name a staff member.");
  const ip = header(ctx, consoleHeaders.staffIp) ?? null;
  if (ip !== null && isIP(ip) === 0)
    throw badField(consoleHeaders.staffIp, "X-Moos-Staff-Ip must be an IP address.");
  const now = deps.now();
  const [identity, staff, lock] = await Promise.all([
    deps.persistence.identities.getIdentity(id),
    deps.persistence.console.staffRole(id),
    deps.persistence.locks.activeLock(id, now),
  ]);
  if (!identity || !staff) throw nobody("X-Moos-Staff-Id names no staff member.");
  if (identity.state !== "active" || lock)
    throw nobody("The staff member's account is not active.");
  return {
    identity,
    email: String(identity.traits.email ?? ""),
    role: staff.role,
    ip,
    requestId: ctx.request.id,
    authTime: authTimeOf(header(ctx, consoleHeaders.staffAuthTime), now),
  };
}

function authTimeOf(raw: string | undefined, now: Date): Date | undefined {
  if (!raw || !/^\d{1,12}$/.test(raw)) return undefined;
  const at = new Date(Number(raw) * 1000);
  return at.getTime() > now.getTime() + clockSkewMs ? undefined : at;
}
