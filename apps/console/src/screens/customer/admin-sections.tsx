import type { ConsoleCustomer, StaffRole } from "@moos/contract";
import { staffRoles } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Button } from "../../components/button";
import { Input, Select } from "../../components/field";
import { HiddenFields } from "../ui/hidden-fields";
import { Card } from "../ui/screen";
import { ChangeForm, type FormBase, ReasonField, RecentSignIn } from "./change-form";
import { changeRole } from "./customer-actions";

// What only admins do, each after a recent sign-in (packages/contract's consoleReauthActions):
// the person's role in the console, the data export and the deletion with typed confirmation.

export async function RoleSection({
  base,
  current,
  mayChange,
}: {
  base: FormBase;
  current: StaffRole | null;
  mayChange: boolean;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale: base.locale, namespace: "customer.role" });
  const common = await getTranslations({ locale: base.locale, namespace: "common" });
  return (
    <Card id="role" title={t("title")}>
      <p>{t("current", { role: current ? common(`roles.${current}`) : t("none") })}</p>
      {mayChange ? (
        <RecentSignIn base={base} anchor="role">
          <RoleForm base={base} identityId={base.customerId} current={current} back="customer" />
        </RecentSignIn>
      ) : null}
    </Card>
  );
}

/** The role form (also on the team page, one per staff member). */
export async function RoleForm({
  base,
  identityId,
  current,
  back,
  label,
}: {
  base: Pick<FormBase, "locale" | "signedIn">;
  identityId: string;
  current: StaffRole | null;
  back: "customer" | "staff";
  label?: string;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale: base.locale, namespace: "customer.role" });
  const common = await getTranslations({ locale: base.locale, namespace: "common" });
  return (
    <form action={changeRole} className="flex max-w-xl flex-col gap-4">
      <HiddenFields
        values={{ csrf: base.signedIn.csrf, lang: base.locale, identity_id: identityId, back }}
      />
      <Select name="role" label={label ?? t("new")} defaultValue={current ?? ""}>
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {common(`roles.${role}`)}
          </option>
        ))}
        <option value="">{t("remove")}</option>
      </Select>
      <ReasonField locale={base.locale} />
      <div>
        <Button type="submit">{t("submit")}</Button>
      </div>
    </form>
  );
}

export async function ExportSection({ base }: { base: FormBase }): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale: base.locale, namespace: "customer.export" });
  return (
    <Card id="export" title={t("title")}>
      <p>{t("text")}</p>
      <RecentSignIn base={base} anchor="export">
        <form method="post" action="/api/export" className="flex max-w-xl flex-col gap-4">
          <HiddenFields
            values={{
              csrf: base.signedIn.csrf,
              lang: base.locale,
              customer_id: base.customerId,
              expected_version: base.version,
            }}
          />
          <ReasonField locale={base.locale} />
          <div>
            <Button type="submit" variant="secondary">
              {t("submit")}
            </Button>
          </div>
        </form>
      </RecentSignIn>
    </Card>
  );
}

export async function DeleteSection({
  base,
  customer,
}: {
  base: FormBase;
  customer: ConsoleCustomer;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale: base.locale, namespace: "customer.delete" });
  return (
    <Card id="delete" title={t("title")}>
      <p>{t("text")}</p>
      <RecentSignIn base={base} anchor="delete">
        <ChangeForm base={base} action="account.delete" submit={t("submit")} variant="danger">
          <Input
            name="confirm"
            type="text"
            label={t("confirm")}
            hint={t("confirmHint", { email: customer.traits.email })}
            required
            autoComplete="off"
            spellCheck={false}
          />
        </ChangeForm>
      </RecentSignIn>
    </Card>
  );
}
