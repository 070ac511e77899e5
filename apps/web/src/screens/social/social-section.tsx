// The social sign-in buttons of a screen (server component): the providers' buttons in their
// brand style, the texts of the redirect screen for each, and an "oder" divider between them
// and the email form.

import { getTranslations } from "next-intl/server";
import type * as React from "react";
import type { HiddenField } from "../../flow-engine/form/field-spec";
import type { FormAction } from "../../flow-engine/form/use-flow-form";
import type { Locale } from "../../lib/locale";
import { type SocialButtonSpec, SocialForm } from "./social-form";
import type { SocialProvider } from "./social-nodes";

/** The buttons' data for the client form, with the redirect screen's texts. */
export async function socialButtonSpecs(
  locale: Locale,
  providers: readonly SocialProvider[],
): Promise<SocialButtonSpec[]> {
  const t = await getTranslations({ locale, namespace: "social" });
  return providers.map((provider) => ({
    name: provider.name,
    id: provider.id,
    label: provider.label,
    redirect: {
      title: t("redirect.title", { provider: provider.displayName }),
      text: t("redirect.text", { provider: provider.displayName }),
      fallback: t("redirect.fallback"),
      fallbackLink: t("redirect.fallbackLink", { provider: provider.displayName }),
    },
  }));
}

export async function SocialSection({
  locale,
  providers,
  action,
  hidden,
  divider,
}: {
  locale: Locale;
  providers: readonly SocialProvider[];
  action: FormAction;
  hidden: readonly HiddenField[];
  /** Where the "oder" goes: between these buttons and the form after or before them. */
  divider?: "before" | "after";
}): Promise<React.JSX.Element | null> {
  if (providers.length === 0) return null;
  const t = await getTranslations({ locale, namespace: "social" });
  const or = <Divider text={t("or")} />;
  return (
    <>
      {divider === "before" ? or : null}
      <SocialForm
        action={action}
        hidden={hidden}
        buttons={await socialButtonSpecs(locale, providers)}
        label={t("formLabel")}
      />
      {divider === "after" ? or : null}
    </>
  );
}

function Divider({ text }: { text: string }): React.JSX.Element {
  return (
    <p className="flex items-center gap-3 text-sm text-gray-700">
      <span aria-hidden="true" className="h-px flex-1 bg-gray-300" />
      {text}
      <span aria-hidden="true" className="h-px flex-1 bg-gray-300" />
    </p>
  );
}
