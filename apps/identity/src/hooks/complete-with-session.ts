import type { Flow } from "../flows/flow.ts";
import type { Ctx } from "../http/context.ts";
import { redirect, sendJson } from "../http/respond.ts";
import type { Identity } from "../identity/identity.ts";
import { toSessionJson } from "../session/session.ts";
import type { IssuedSession } from "../session/session-manager.ts";
import { sendSessionCookie } from "../session/session-manager.ts";

export interface Completion {
  flow: Flow;
  identity: Identity;
  issued: IssuedSession | undefined;
  returnTo: string;
  /** Extra continue_with entries before the redirect (e.g. show_verification_ui). */
  continueWith?: Record<string, unknown>[];
  /** The HTML redirect target when it differs from returnTo (e.g. the verification UI). */
  browserTarget?: string;
  /** Registration answers with the identity too. */
  includeIdentity?: boolean;
}

/** The last step of login and registration: cookie or token, then the answer per client. */
export async function completeWithSession(ctx: Ctx, completion: Completion): Promise<void> {
  const { deps } = ctx;
  const { flow, identity, issued } = completion;
  const base = deps.config.serve.public.base_url;
  const session = issued ? toSessionJson(issued.session, identity, base) : undefined;
  const identityJson = completion.includeIdentity
    ? {
        identity:
          session?.identity ??
          (await import("../identity/identity.ts")).toIdentityJson(identity, base),
      }
    : {};
  if (flow.type === "api") {
    const exchange = await deps.persistence.exchanges.getExchange(
      flow.id,
      "session_token_exchange",
      deps.now(),
    );
    if (exchange && issued) {
      const payload = { ...exchange, sessionToken: issued.token };
      const expiresAt = new Date(deps.now().getTime() + 60 * 60 * 1000);
      await deps.persistence.exchanges.putExchange(
        flow.id,
        "session_token_exchange",
        payload,
        expiresAt,
      );
      await deps.persistence.exchanges.putExchange(
        `init:${String(exchange.initCode)}`,
        "session_token_exchange",
        payload,
        expiresAt,
      );
    }
    const continueWith = [
      ...(completion.continueWith ?? []),
      ...(issued ? [{ action: "set_ory_session_token", ory_session_token: issued.token }] : []),
    ];
    return sendJson(ctx.reply, 200, {
      ...(issued ? { session_token: issued.token, session } : {}),
      ...identityJson,
      continue_with: continueWith.length ? continueWith : null,
    });
  }
  if (issued) sendSessionCookie(deps, ctx.request, ctx.reply, issued);
  if (!ctx.json) return redirect(ctx.reply, completion.browserTarget ?? completion.returnTo);
  sendJson(ctx.reply, 200, {
    ...(session ? { session } : {}),
    ...identityJson,
    continue_with: [
      ...(completion.continueWith ?? []),
      { action: "redirect_browser_to", redirect_browser_to: completion.returnTo },
    ],
  });
}
