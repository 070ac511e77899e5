import type { Kysely } from "kysely";
import type Provider from "oidc-provider";
import type { Database } from "../persistence/database.ts";
import { revokeGrant } from "../persistence/oidc-adapter.ts";

// Ends provider sessions outside a browser request: when the login app signs a different
// person in, or when the admin API revokes a subject's login sessions (Hydra's
// `DELETE /admin/oauth2/auth/sessions/login`). As at RP-initiated logout, every client of the
// session that registered a `backchannel_logout_uri` is told (OpenID Connect Back-Channel
// Logout 1.0), and the grants that end with the session are revoked.

/** oidc-provider's Client sends the logout token itself; its typings leave the method out. */
interface BackchannelClient {
  backchannelLogout(sub: string, sid: string): Promise<void>;
}

interface Authorization {
  sid?: string;
  grantId?: string;
  persistsLogout?: boolean;
}

export async function endSession(
  provider: Provider,
  db: Kysely<Database>,
  sessionUid: string,
  log: { warn(fields: object, message: string): void },
): Promise<boolean> {
  const session = await provider.Session.findByUid(sessionUid);
  if (!session) return false;
  const accountId = session.accountId;
  const authorizations = (session.authorizations ?? {}) as Record<string, Authorization>;
  await Promise.all(
    Object.entries(authorizations).map(async ([clientId, authorization]) => {
      const client = await provider.Client.find(clientId).catch(() => undefined);
      if (client?.backchannelLogoutUri && accountId) {
        const notify = client as unknown as BackchannelClient;
        await notify
          .backchannelLogout(accountId, authorization.sid ?? "")
          .catch((error: unknown) => {
            log.warn({ err: error, client_id: clientId }, "back-channel logout failed");
          });
      }
      if (authorization.grantId && !authorization.persistsLogout) {
        await revokeGrant(db, authorization.grantId);
      }
    }),
  );
  await session.destroy();
  return true;
}
