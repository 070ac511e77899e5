"use client";

import * as React from "react";
import { Button } from "../../components/button";
import { ProviderLogo, SocialButton } from "../../components/social-button";
import type { HiddenField } from "../../flow-engine/form/field-spec";
import { HiddenFields } from "../../flow-engine/form/flow-form";
import { FormNotice } from "../../flow-engine/form/form-notice";
import { type FormAction, useFlowForm } from "../../flow-engine/form/use-flow-form";
import { SocialRedirect, type SocialRedirectTexts } from "./social-redirect";

export interface SocialButtonSpec {
  /** The submit's name (`provider`, `link`, `unlink`) and value (the provider id). */
  readonly name: string;
  readonly id: string;
  readonly label: string;
  /** The redirect screen's texts, naming this provider. */
  readonly redirect: SocialRedirectTexts;
  /** Settings: a row with the provider's name and whether it is linked, the button plain. */
  readonly row?: { readonly title: string; readonly status: string };
}

/**
 * One form with a submit per provider, posting to a server action (a plain HTML form without
 * JavaScript: the server answers 303 to the provider). With JavaScript the chosen button shows
 * its loading state, and when the answer leaves the shop for the provider the redirect screen
 * covers the page until the provider's page loads.
 */
export function SocialForm({
  action,
  hidden,
  buttons,
  label,
}: {
  action: FormAction;
  hidden: readonly HiddenField[];
  buttons: readonly SocialButtonSpec[];
  label: string;
}): React.JSX.Element {
  const form = useFlowForm(action, [], {});
  const [chosen, setChosen] = React.useState<string>();
  // Back from the provider's page, the browser may restore this page as it was left: with the
  // redirect screen. It is over then.
  React.useEffect(() => {
    const reset = (event: PageTransitionEvent): void => {
      if (event.persisted) setChosen(undefined);
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  const leaving = form.state.navigateTo;
  const redirect = buttons.find((button) => button.id === chosen)?.redirect;
  const isBusy = (id: string): boolean =>
    chosen === id && (form.isPending || form.state.navigateTo !== undefined);

  return (
    <>
      <form
        ref={form.formRef}
        action={form.formAction}
        onSubmit={form.onSubmit}
        noValidate
        aria-label={label}
      >
        <HiddenFields fields={hidden} />
        <FormNotice state={form.state} />
        <ul className="flex flex-col gap-3">
          {buttons.map((button) => (
            <li key={`${button.name}-${button.id}`}>
              {button.row ? (
                <div className="flex flex-wrap items-center gap-3">
                  <ProviderLogo provider={button.id} />
                  <p className="flex min-w-32 flex-1 flex-col">
                    <span className="font-semibold text-gray-900">{button.row.title}</span>
                    <span className="text-sm text-gray-700">{button.row.status}</span>
                  </p>
                  <Button
                    type="submit"
                    variant="secondary"
                    name={button.name}
                    value={button.id}
                    isLoading={isBusy(button.id)}
                    onClick={() => setChosen(button.id)}
                  >
                    {button.label}
                  </Button>
                </div>
              ) : (
                <SocialButton
                  provider={button.id}
                  type="submit"
                  name={button.name}
                  value={button.id}
                  isLoading={isBusy(button.id)}
                  onClick={() => setChosen(button.id)}
                >
                  {button.label}
                </SocialButton>
              )}
            </li>
          ))}
        </ul>
      </form>
      {leaving && redirect && /^https?:\/\//.test(leaving) ? (
        <SocialRedirect href={leaving} texts={redirect} />
      ) : null}
    </>
  );
}
