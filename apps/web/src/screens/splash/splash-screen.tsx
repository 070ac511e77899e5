import type { Session } from "@ory/client-fetch";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import { readSession } from "../../flow-engine/session.server";
import { CLIENT_PARAM, clientCookieName, parseClientName } from "../../lib/client-name";
import { config } from "../../lib/config";
import { createIdentityClient } from "../../lib/identity.server";
import { type Locale, localizedHref } from "../../lib/locale";
import { logOut } from "../settings/actions";
import { startSocialSignIn } from "../social/actions";
import { offeredProviderNodes } from "../social/offered-providers.server";
import { socialProviders } from "../social/social-nodes";
import { SocialSection } from "../social/social-section";
import { kratosFormatter } from "../ui/i18n.server";
import { RegistrationTerms } from "../ui/registration-terms";
import { LinkButton, Screen, ScreenRoot } from "../ui/screen";
import { type ContinueTarget, continueTarget } from "./continue-target";

type Mode = "login" | "registration";

/** The session, or undefined when signed out (or the identity service is unreachable). */
async function currentSession(locale: Locale): Promise<Session | "unavailable" | undefined> {
  const client = await createIdentityClient();
  const read = await readSession(client, locale).catch(() => undefined);
  // Signed in with the first factor only: the second step comes first.
  if (read?.state === "second-factor") redirect(read.url);
  // Briefly unavailable (503): neither the signed-in nor the signed-out landing is known to be
  // right, and a customer just signed in must not be shown "log in".
  if (read?.state === "unavailable") return "unavailable";
  // Signed out or the identity service unreachable: the splash works the same.
  return read?.state === "active" ? read.session : undefined;
}

function emailOf(session: Session): string | undefined {
  const traits = session.identity?.traits as { email?: unknown } | null | undefined;
  return typeof traits?.email === "string" ? traits.email : undefined;
}

/** The client from `?client=` (the proxy remembers it in the same answer) or the cookie. */
async function landingTarget(query: SearchParams): Promise<ContinueTarget | undefined> {
  const jar = await cookies();
  const clientName =
    parseClientName(queryParam(query, CLIENT_PARAM)) ??
    parseClientName(jar.get(clientCookieName(config.https))?.value);
  return continueTarget({ clientName, clients: config.clients, shopUrl: config.shopUrl });
}

/**
 * Login splash: log in or create an account, with Apple, Facebook or Google or with email,
 * registration terms.
 */
export async function SplashScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "splash" });
  const common = await getTranslations({ locale, namespace: "common" });
  const session = await currentSession(locale);

  if (session === "unavailable") {
    const again = { return_to: queryParam(query, "return_to"), mode: queryParam(query, "mode") };
    return (
      <ScreenRoot
        locale={locale}
        title={t("title")}
        reason="service_unavailable"
        retryHref={localizedHref(locale, "/", again)}
      />
    );
  }

  if (session) {
    // Sent here signed in with somewhere to go: /api/redirect checks it and sends them on.
    const returnTo = queryParam(query, "return_to");
    if (returnTo) redirect(`/api/redirect?${new URLSearchParams({ return_to: returnTo })}`);
    const email = emailOf(session);
    const target = await landingTarget(query);
    return (
      <Screen title={t("signedInTitle")} intro={email ? t("signedInAs", { email }) : undefined}>
        {target ? (
          <LinkButton href={target.href}>
            {target.kind === "shop" ? t("continueToShop") : common("continue")}
          </LinkButton>
        ) : null}
        <LinkButton
          href={localizedHref(locale, "/settings")}
          variant={target ? "secondary" : "primary"}
          startsFlow
        >
          {common("settings")}
        </LinkButton>
        <FlowForm
          action={logOut}
          hidden={[{ name: "locale", value: locale }]}
          fields={[]}
          submit={{ label: common("logOut"), variant: "secondary" }}
          errorTexts={{}}
        />
      </Screen>
    );
  }

  const mode: Mode = queryParam(query, "mode") === "registration" ? "registration" : "login";
  // What the screens that start a flow need to keep (where to go afterwards).
  const keep = { return_to: queryParam(query, "return_to") };
  const providers = socialProviders(await offeredProviderNodes(), await kratosFormatter(locale));
  const modes: readonly { mode: Mode; label: string }[] = [
    { mode: "login", label: common("logIn") },
    { mode: "registration", label: common("createAccount") },
  ];

  return (
    <Screen title={t("title")} intro={t("intro")}>
      <nav aria-label={t("modeLabel")}>
        <ul className="grid grid-cols-2 gap-1 rounded-control bg-beige-100 p-1">
          {modes.map((entry) => (
            <li key={entry.mode}>
              <a
                href={localizedHref(locale, "/", { ...keep, mode: entry.mode })}
                aria-current={entry.mode === mode ? "page" : undefined}
                className="flex min-h-button items-center justify-center rounded-control px-2 py-1 text-center font-semibold text-gray-800 hover:bg-beige-200 aria-[current=page]:bg-surface aria-[current=page]:text-green-800 aria-[current=page]:shadow-sm"
              >
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <SocialSection
        locale={locale}
        providers={providers}
        action={startSocialSignIn}
        hidden={[
          { name: "mode", value: mode },
          { name: "locale", value: locale },
          ...(keep.return_to ? [{ name: "return_to", value: keep.return_to }] : []),
        ]}
        divider="after"
      />
      <LinkButton
        href={localizedHref(locale, mode === "registration" ? "/registration" : "/login", keep)}
        startsFlow
      >
        {t("continueWithEmail")}
      </LinkButton>
      {mode === "registration" ? <RegistrationTerms locale={locale} /> : null}
    </Screen>
  );
}
