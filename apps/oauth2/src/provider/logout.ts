import { randomBytes } from "node:crypto";
import type { KoaContextWithOIDC } from "oidc-provider";
import type { LogoutStore } from "../persistence/logout-store.ts";

// RP-initiated logout the Hydra way. oidc-provider's end_session endpoint would show its own
// "Do you want to sign out?" page; we send the browser to the logout app with an opaque,
// single-use, expiring `logout_challenge` instead. When the app accepts, the browser comes
// back with a `logout_verifier` (http/public-server.ts), and oidc-provider's own confirmation
// step runs with the XSRF secret it put in the session: only the browser that asked to log out
// can finish it, and only once.

export const logoutPath = "/oauth2/sessions/logout";

export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function verifierUrl(issuer: string, verifier: string): string {
  const url = new URL(`${issuer.replace(/\/$/, "")}${logoutPath}`);
  url.searchParams.set("logout_verifier", verifier);
  return url.href;
}

export interface LogoutSourceOptions {
  issuer: string;
  logoutUrl: string;
  /** How long the logout app has to answer, in milliseconds. */
  lifetime: number;
  logouts: LogoutStore;
}

/** oidc-provider's `logoutSource`: called with a signed-in session, instead of its page. */
export function logoutSource(options: LogoutSourceOptions) {
  return async (ctx: KoaContextWithOIDC): Promise<void> => {
    const { session, client } = ctx.oidc;
    const state = session?.state as { secret?: string } | undefined;
    if (!session?.accountId || !state?.secret) throw new Error("logout without a session state");
    const skip = Boolean(
      client && (client as unknown as Record<string, unknown>).skip_logout_consent,
    );
    const now = Date.now();
    const request = {
      challenge: randomToken(),
      verifier: randomToken(),
      subject: session.accountId,
      sessionUid: session.uid,
      sid: session.uid,
      clientId: client?.clientId ?? null,
      requestUrl: ctx.href,
      rpInitiated: client !== undefined,
      xsrf: state.secret,
      state: skip ? ("accepted" as const) : ("pending" as const),
      requestedAt: new Date(now),
      expiresAt: new Date(now + options.lifetime),
    };
    await options.logouts.create(request);
    const target = new URL(options.logoutUrl);
    target.searchParams.set("logout_challenge", request.challenge);
    ctx.status = 303;
    ctx.redirect(skip ? verifierUrl(options.issuer, request.verifier) : target.href);
  };
}

/** Where logout ends when the client named no `post_logout_redirect_uri` (Hydra's default). */
export function postLogoutSuccessSource(url: string) {
  return (ctx: KoaContextWithOIDC): void => {
    ctx.status = 303;
    ctx.redirect(url);
  };
}
