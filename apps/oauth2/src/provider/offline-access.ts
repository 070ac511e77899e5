import type { Middleware } from "koa";

// OpenID Connect Core §11 lets a provider ignore `offline_access` unless the request carries
// `prompt=consent`, and oidc-provider does. Hydra issues refresh tokens for offline_access
// without it, and shop platforms and apps expect that. Here the consent app is asked on every
// authorization anyway, so a GET authorization request asking for offline_access gets
// `consent` added to its prompt: the consent app then sees `skip: false` for third-party
// clients (their customers confirm offline access each time, which is what §11 wants), while
// first-party clients (`skip_consent`) still skip. `prompt=none` is left alone (and loses
// offline_access, as the standard says).

export function impliedConsentForOfflineAccess(authorizationPath: string): Middleware {
  return async (ctx, next) => {
    if (ctx.method === "GET" && ctx.path.endsWith(authorizationPath)) {
      const { scope, prompt } = ctx.query;
      const asksOffline = typeof scope === "string" && scope.split(" ").includes("offline_access");
      if (asksOffline && (prompt === undefined || typeof prompt === "string")) {
        const prompts = new Set((prompt ?? "").split(" ").filter(Boolean));
        if (!prompts.has("none") && !prompts.has("consent")) {
          prompts.add("consent");
          ctx.query = { ...ctx.query, prompt: [...prompts].join(" ") };
        }
      }
    }
    await next();
  };
}
