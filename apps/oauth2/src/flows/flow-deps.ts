import type Provider from "oidc-provider";
import type { ClientStore } from "../persistence/client-store.ts";
import type { ConsentStore } from "../persistence/consent-store.ts";
import type { LogoutStore } from "../persistence/logout-store.ts";

// What the admin-side flows need; the composition root (app.ts) provides it.

export interface InteractionAnswers {
  /**
   * Stores the app's answer on a live, unanswered interaction in one conditional write (so a
   * challenge is answered once, whichever instance gets the calls). `dropSession` forgets the
   * browser session the interaction started with (another person signed in).
   */
  answer(
    uid: string,
    result: Record<string, unknown>,
    options?: { dropSession?: boolean },
  ): Promise<boolean>;
}

export interface FlowDeps {
  issuer: string;
  provider(): Provider;
  clients: ClientStore;
  consents: ConsentStore;
  logouts: LogoutStore;
  interactions: InteractionAnswers;
  /** Ends a provider session with back-channel logout (provider/sessions.ts). */
  endSession(sessionUid: string): Promise<boolean>;
  /** Revokes a grant with its tokens and consent. */
  revokeGrant(grantId: string): Promise<void>;
  /** The live session a login session id or a client's `sid` claim names. */
  sessionUidBySid(sid: string): Promise<string | undefined>;
  /** The subject's live provider session uids. */
  sessionUidsOf(subject: string): Promise<string[]>;
  /** Lifetime of a remembered consent without `remember_for`, and of new grants, in ms. */
  grantLifetime: number;
}
