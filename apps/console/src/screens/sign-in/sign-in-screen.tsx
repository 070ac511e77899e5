import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { LinkButton } from "../../components/button";
import { type Locale, localizePath, safeReturnPath } from "../../i18n/locales";
import { config } from "../../lib/config";
import type { SessionFacts } from "../../lib/session-header";
import { ScreenHeading } from "../ui/screen";

/** Why the sign-in screen shows: what the proxy, the callback or the logout said. */
export const SIGN_IN_REASONS = [
  "idle",
  "absolute",
  "signed_out",
  "second_factor",
  "not_staff",
  "failed",
  "unavailable",
] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];

function reasonOf(value: string | undefined): SignInReason | undefined {
  return (SIGN_IN_REASONS as readonly string[]).includes(value ?? "")
    ? (value as SignInReason)
    : undefined;
}

/**
 * The console's door: "Anmelden" starts the sign-in at Moos (app/auth/login), and a message says
 * why someone is here again (the session ended, the sign-in was not strong enough, no role).
 */
export async function SignInScreen({
  locale,
  query,
  session,
}: {
  locale: Locale;
  query: Readonly<Record<string, string | undefined>>;
  session: SessionFacts | undefined;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "signIn" });
  const reason = reasonOf(query.reason);
  const returnTo = safeReturnPath(query.return_to ?? localizePath(locale, "/"));
  const login = `/auth/login?${new URLSearchParams({ return_to: returnTo, lang: locale })}`;
  const isProblem = reason && reason !== "signed_out";
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <ScreenHeading title={t("title")} intro={t("intro")} />
      {reason ? (
        <Alert severity={isProblem ? "warning" : "info"} role={isProblem ? "alert" : "status"}>
          <p>{t(`reasons.${reason}`)}</p>
          {reason === "second_factor" ? (
            <p className="mt-2">
              <a
                href={`${config().accountUrl}/settings/two-factor`}
                className="text-petrol-700 underline underline-offset-4"
              >
                {t("settings")}
              </a>
            </p>
          ) : null}
        </Alert>
      ) : null}
      <div>
        {session ? (
          <LinkButton href={returnTo}>{t("continue")}</LinkButton>
        ) : (
          <LinkButton href={login}>{t("button")}</LinkButton>
        )}
      </div>
    </div>
  );
}
