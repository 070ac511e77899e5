import { consoleReauthMaxAgeSeconds } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Button, type ButtonVariant, LinkButton } from "../../components/button";
import { TextArea } from "../../components/field";
import { type Locale, localizePath } from "../../i18n/locales";
import type { SignedInStaff } from "../../lib/staff.server";
import { HiddenFields } from "../ui/hidden-fields";
import { changeCustomer } from "./customer-actions";

// A change of the customer's account: a plain form with the session's CSRF token, the account's
// version as the page showed it (a change since then is refused: console_conflict), the action,
// the fields of the change, the reason every change needs, and one submit button.

export interface FormBase {
  readonly locale: Locale;
  readonly signedIn: SignedInStaff;
  readonly customerId: string;
  readonly version: string;
}

export async function ReasonField({ locale }: { locale: Locale }): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "common" });
  return (
    <TextArea
      name="reason"
      label={t("reason")}
      hint={t("reasonHint")}
      required
      minLength={3}
      maxLength={500}
    />
  );
}

export async function ChangeForm({
  base,
  action,
  submit,
  variant = "primary",
  children,
  formAction = changeCustomer,
  hidden = {},
}: {
  base: FormBase;
  action: string;
  submit: string;
  variant?: ButtonVariant;
  children?: React.ReactNode;
  formAction?: (form: FormData) => Promise<void>;
  hidden?: Readonly<Record<string, string>>;
}): Promise<React.JSX.Element> {
  return (
    <form action={formAction} className="flex max-w-xl flex-col gap-4">
      <HiddenFields
        values={{
          csrf: base.signedIn.csrf,
          lang: base.locale,
          customer_id: base.customerId,
          expected_version: base.version,
          action,
          ...hidden,
        }}
      />
      {children}
      <ReasonField locale={base.locale} />
      <div>
        <Button type="submit" variant={variant}>
          {submit}
        </Button>
      </div>
    </form>
  );
}

/** Whether the staff member signed in recently enough for export, deletion and role changes. */
export function hasRecentSignIn(signedIn: SignedInStaff, nowSeconds: number): boolean {
  // A minute's margin: the form must still be fresh when it is sent.
  return nowSeconds - signedIn.session.authTime < consoleReauthMaxAgeSeconds - 60;
}

/**
 * The forms of export, deletion and role changes only show after a recent sign-in; before,
 * "Erneut anmelden" asks the provider for a new one (prompt=login) and comes back to `anchor`.
 */
export async function RecentSignIn({
  base,
  anchor,
  children,
}: {
  base: FormBase;
  anchor: string;
  children: React.ReactNode;
}): Promise<React.JSX.Element> {
  if (hasRecentSignIn(base.signedIn, Math.floor(Date.now() / 1000))) return <>{children}</>;
  const t = await getTranslations({ locale: base.locale, namespace: "customer.reauth" });
  const returnTo = `${localizePath(base.locale, `/customers/${base.customerId}`)}#${anchor}`;
  const href = `/auth/login?${new URLSearchParams({ reauth: "1", return_to: returnTo, lang: base.locale })}`;
  return (
    <div className="flex flex-col items-start gap-3">
      <p>{t("text")}</p>
      <LinkButton href={href} variant="secondary">
        {t("button")}
      </LinkButton>
    </div>
  );
}
