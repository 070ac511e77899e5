"use client";

import type * as React from "react";
import { Button } from "../../components/button";
import { FlowLink } from "../../screens/loading/flow-link";
import type { FieldSpec, HiddenField } from "../form/field-spec";
import { FlowField, HiddenFields } from "../form/flow-form";
import type { FormAction } from "../form/use-flow-form";
import { useFlowForm } from "../form/use-flow-form";

export interface LoginFormTexts {
  readonly continue: string;
  readonly logIn: string;
  readonly changeEmail: string;
  readonly forgotPassword: string;
  readonly formLabel: string;
}

export interface LoginFormProps {
  readonly action: FormAction;
  readonly hidden: readonly HiddenField[];
  readonly identifier: FieldSpec;
  readonly password: FieldSpec;
  readonly initialStep: "identifier" | "password";
  /** A refresh login: the account is given, only the password is asked for. */
  readonly identifierFixed: boolean;
  readonly changeEmailHref: string;
  readonly forgotPasswordHref: string;
  /** Where the loading screen's reload link goes (the public base URL). */
  readonly reloadHref: string;
  readonly texts: LoginFormTexts;
  readonly errorTexts: Readonly<Record<string, string>>;
}

/** Identifier first: the email address, then the password (one form, two steps). */
export function LoginForm(props: LoginFormProps): React.JSX.Element {
  const { identifier, password, texts } = props;
  const form = useFlowForm(props.action, [identifier, password], props.errorTexts);
  const step = form.state.step ?? props.initialStep;
  const identifierState = form.field(identifier);
  const isBusy = form.isPending || form.state.navigateTo !== undefined;

  return (
    <form
      ref={form.formRef}
      action={form.formAction}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={texts.formLabel}
      className="flex flex-col gap-5"
    >
      <HiddenFields fields={props.hidden} />
      <input type="hidden" name="step" value={step} />
      {step === "identifier" ? (
        <>
          <FlowField spec={identifier} state={identifierState} />
          <Button type="submit" isLoading={isBusy}>
            {texts.continue}
          </Button>
        </>
      ) : (
        <>
          <input type="hidden" name="identifier" value={identifierState.defaultValue ?? ""} />
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="flex min-w-0 flex-col">
              <span className="text-sm text-gray-700">{identifier.label}</span>
              <span className="break-all font-medium text-gray-900">
                {identifierState.defaultValue}
              </span>
            </p>
            {props.identifierFixed ? null : (
              <a
                href={props.changeEmailHref}
                className="text-petrol-700 underline underline-offset-4"
              >
                {texts.changeEmail}
              </a>
            )}
          </div>
          {/* A new password field after the email step: focus it so the user can type on. */}
          <FlowField
            spec={password}
            state={form.field(password)}
            autoFocus={form.state.step === "password"}
          />
          <FlowLink
            href={props.forgotPasswordHref}
            reloadHref={props.reloadHref}
            className="self-start text-petrol-700 underline underline-offset-4"
          >
            {texts.forgotPassword}
          </FlowLink>
          <Button type="submit" isLoading={isBusy}>
            {texts.logIn}
          </Button>
        </>
      )}
    </form>
  );
}
