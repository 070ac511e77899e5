import { isDatabaseUnavailable } from "@moos/postgres";
import type { ErrorOut, KoaContextWithOIDC } from "oidc-provider";
import { unavailableDescription, unavailableRetryAfterSeconds } from "../flows/flow-error.ts";

// Errors oidc-provider cannot send back to the client (unknown client, a redirect_uri that is
// not registered, an expired logout): to `urls.error` when one is set (as Hydra does, with
// `error` and `error_description`), else a short page, German first, then English. The
// technical code stays visible for support; nothing from the request is echoed unescaped.

function html(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

export function errorPage(out: { error: string; error_description?: string }): string {
  const detail = out.error_description ? `: ${html(out.error_description)}` : "";
  return `<!doctype html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Anmeldung nicht möglich / Sign-in not possible</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 34rem; margin: 3rem auto; padding: 0 1rem; color: #1f2a1f; }
    h1 { font-size: 1.3rem; }
    code { background: #eef3ee; padding: .1rem .3rem; border-radius: 4px; }
    hr { border: 0; border-top: 1px solid #d5ddd5; margin: 1.5rem 0; }
  </style>
</head>
<body>
  <h1>Das hat nicht geklappt</h1>
  <p>Die Anmeldung konnte nicht fortgesetzt werden. Geh bitte zurück zum Shop oder zur App und versuche es noch einmal.</p>
  <hr>
  <h1 lang="en">That didn't work</h1>
  <p lang="en">We couldn't continue the sign-in. Please go back to the shop or the app and try again.</p>
  <p><small><code>${html(out.error)}</code>${detail}</small></p>
</body>
</html>`;
}

/**
 * The page for a browser while the database is away (503, with Retry-After): nothing went
 * wrong with the sign-in itself, so it asks to try again in a moment, German first.
 */
export function unavailablePage(): string {
  return `<!doctype html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Gleich wieder da / Back in a moment</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 34rem; margin: 3rem auto; padding: 0 1rem; color: #1f2a1f; }
    h1 { font-size: 1.3rem; }
    hr { border: 0; border-top: 1px solid #d5ddd5; margin: 1.5rem 0; }
  </style>
</head>
<body>
  <h1>Gleich wieder da</h1>
  <p>Wir sind gerade kurz nicht erreichbar. Lade die Seite bitte in einem Moment neu.</p>
  <hr>
  <h1 lang="en">Back in a moment</h1>
  <p lang="en">We're briefly unavailable. Please reload the page in a moment.</p>
</body>
</html>`;
}

export function renderError(errorUrl: string | undefined) {
  return (ctx: KoaContextWithOIDC, out: ErrorOut, error?: Error): void => {
    if (isDatabaseUnavailable(error)) {
      // docs/production.md#when-the-database-is-down: the request may be tried again as it is.
      ctx.set("retry-after", String(unavailableRetryAfterSeconds));
      if (errorUrl) {
        const target = new URL(errorUrl);
        target.searchParams.set("error", "temporarily_unavailable");
        target.searchParams.set("error_description", unavailableDescription);
        ctx.status = 303;
        ctx.redirect(target.href);
        return;
      }
      ctx.status = 503;
      ctx.type = "html";
      ctx.body = unavailablePage();
      return;
    }
    if (errorUrl) {
      const target = new URL(errorUrl);
      target.searchParams.set("error", out.error);
      if (out.error_description)
        target.searchParams.set("error_description", out.error_description);
      ctx.status = 303;
      ctx.redirect(target.href);
      return;
    }
    ctx.type = "html";
    ctx.body = errorPage(out);
  };
}
