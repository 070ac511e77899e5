import type { Flow } from "../../flows/flow.ts";
import type { SettingsVerdict } from "../../flows/settings/strategy.ts";
import type { RequestCtx } from "../../http/context.ts";
import { notePasskeyCreated } from "../../http/request-outcome.ts";
import { sessionAal } from "../../session/aal.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { registerKey } from "../webauthn/settings.ts";

// Adding a passkey in a settings flow, from settings or from the web app's offer after a
// sign-in (docs/sign-in-methods.md#from-password-to-passkey): the same ceremony and store,
// counted by where it came from. Adding proves the passkey, so the session records it (aal1,
// as Kratos).

export async function addPasskey(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  input: { response: string; path: "settings" | "offer" },
): Promise<SettingsVerdict> {
  const { deps } = ctx;
  const identity = structuredClone(active.identity);
  const refused = await registerKey(ctx, flow, identity, "passkey", {
    response: input.response,
    displayName: "",
  });
  if (refused) return refused;
  notePasskeyCreated(ctx.request, input.path);
  const { session } = active;
  session.authentication_methods = [
    ...session.authentication_methods,
    { method: "passkey", aal: "aal1", completed_at: deps.now().toISOString() },
  ];
  session.aal = sessionAal(session.authentication_methods);
  await deps.persistence.sessions.updateSession(session);
  return { result: "saved", identity };
}
