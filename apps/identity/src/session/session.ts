import type { Identity } from "../identity/identity.ts";
import { toIdentityJson } from "../identity/identity.ts";

export type Aal = "aal0" | "aal1" | "aal2" | "aal3";

export interface AuthenticationMethod {
  method: string;
  aal: Aal;
  completed_at: string;
  /** The social sign-in provider's id, for method `oidc`. */
  provider?: string;
}

export interface SessionDevice {
  id: string;
  ip_address?: string;
  user_agent?: string;
  location?: string;
}

export interface Session {
  id: string;
  identity_id: string;
  active: boolean;
  aal: Aal;
  authentication_methods: AuthenticationMethod[];
  devices: SessionDevice[];
  authenticated_at: Date;
  issued_at: Date;
  expires_at: Date;
}

export function isSessionActive(session: Session, identity: Identity, now = new Date()): boolean {
  return session.active && session.expires_at > now && identity.state === "active";
}

export function toSessionJson(
  session: Session,
  identity: Identity,
  publicBaseUrl: string,
): Record<string, unknown> {
  return {
    id: session.id,
    active: isSessionActive(session, identity),
    expires_at: session.expires_at.toISOString(),
    authenticated_at: session.authenticated_at.toISOString(),
    authenticator_assurance_level: session.aal,
    authentication_methods: session.authentication_methods,
    issued_at: session.issued_at.toISOString(),
    identity: toIdentityJson(identity, publicBaseUrl),
    devices: session.devices,
  };
}
