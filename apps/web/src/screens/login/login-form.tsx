"use client";

import * as React from "react";
import { Button } from "../../components/button";
import { EmailTypoNote } from "../../components/email-typo-hint";
import type { FieldSpec, HiddenField } from "../../flow-engine/form/field-spec";
import { FlowField, HiddenFields } from "../../flow-engine/form/flow-form";
import { FormNotice } from "../../flow-engine/form/form-notice";
import type { FormAction } from "../../flow-engine/form/use-flow-form";
import { useFlowForm } from "../../flow-engine/form/use-flow-form";
import { upgradeToPasskey } from "../../flow-engine/webauthn/automatic-upgrade";
import { canMakePasskeyHere } from "../../flow-engine/webauthn/passkey-capabilities";
import { FlowLink } from "../loading/flow-link";
import { PASSKEY_DEVICE_CAN, PASSKEY_DEVICE_FIELD } from "../passkey/offer-cookies";
import { beginPasskeyUpgrade, finishPasskeyUpgrade } from "../passkey/upgrade-actions";
import { AccountLine } from "./account-line";

export interface LoginFormTexts {
  readonly continue: string;
  readonly logIn: string;
  readonly changeEmail: string;
  readonly forgotPassword: string;
  readonly formLabel: string;
  /** "Log in with a code instead", when the flow offers passwordless codes. */
  readonly useCode?: string;
}

export interface LoginFormProps {
  readonly action: FormAction;
  readonly hidden: readonly HiddenField[];
  readonly identifier: FieldSpec;
  readonly password: FieldSpec;
  readonly initialStep: "identifier" | "password";
  /**
   * The address meant, when the server rendered the password step for a likely typo (null:
   * none); after a step taken in the browser, the form works it out itself.
   */
  readonly identifierSuggestion?: string | null;
  /** A refresh login: the account is given, only the password is asked for. */
  readonly identifierFixed: boolean;
  readonly changeEmailHref: string;
  readonly forgotPasswordHref: string;
  /** Where the loading screen's reload link goes (the public base URL). */
  readonly reloadHref: string;
  readonly texts: LoginFormTexts;
  readonly errorTexts: Readonly<Record<string, string>>;
  /**
   * The flow's social sign-in buttons: shown with the step the server rendered (whose nodes
   * they are), before the email step's form or after the password step's.
   */
  readonly social?: React.ReactNode;
  /**
   * The flow offers passkeys: after a password sign-in the form tries the automatic passkey
   * upgrade, and tells the server whether this device could make one (the offer after sign-in,
   * docs/sign-in-methods.md#from-password-to-passkey).
   */
  readonly passkeys?: boolean;
}

const upgradeSteps = { begin: beginPasskeyUpgrade, finish: finishPasskeyUpgrade };

/** "platform" once the browser said it can make a passkey here; "" until then, or never. */
function usePasskeyDevice(enabled: boolean): string {
  const [device, setDevice] = React.useState("");
  React.useEffect(() => {
    if (!enabled) return;
    let active = true;
    void canMakePasskeyHere().then((can) => {
      if (active && can) setDevice(PASSKEY_DEVICE_CAN);
    });
    return () => {
      active = false;
    };
  }, [enabled]);
  return device;
}

/**
 * "Passwort vergessen?" with the address of the email step, so the recovery screen starts with
 * it (screens/recovery/recovery-email.ts). Without JavaScript the server knows it too: the
 * password step is rendered from the flow, which echoes the identifier back.
 */
function recoveryHref(href: string, email: string | undefined): string {
  if (!email) return href;
  const separator = href.includes("?") ? "&" : "?";
  return `${href}${separator}${new URLSearchParams({ email })}`;
}

/** Identifier first: the email address, then the password (one form, two steps). */
export function LoginForm(props: LoginFormProps): React.JSX.Element {
  const { identifier, password, texts } = props;
  const passkeys = props.passkeys === true;
  const form = useFlowForm(props.action, [identifier, password], props.errorTexts, {
    ...(passkeys
      ? {
          beforeNavigate: async (state) => {
            if (state.signedInWithPassword) await upgradeToPasskey(upgradeSteps);
          },
        }
      : {}),
  });
  const passkeyDevice = usePasskeyDevice(passkeys);
  const step = form.state.step ?? props.initialStep;
  const identifierState = form.field(identifier);
  const isBusy = form.isPending || form.state.navigateTo !== undefined;
  const social = step === props.initialStep ? props.social : null;

  return (
    <>
      {step === "identifier" ? social : null}
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
        {passkeyDevice ? (
          <input type="hidden" name={PASSKEY_DEVICE_FIELD} value={passkeyDevice} />
        ) : null}
        {step === "identifier" ? (
          <>
            <FlowField spec={identifier} state={identifierState} />
            <FormNotice state={form.state} />
            <Button type="submit" isLoading={isBusy}>
              {texts.continue}
            </Button>
          </>
        ) : (
          <>
            <input type="hidden" name="identifier" value={identifierState.defaultValue ?? ""} />
            <AccountLine
              email={identifierState.defaultValue ?? ""}
              label={identifier.label}
              changeHref={props.identifierFixed ? undefined : props.changeEmailHref}
              changeText={texts.changeEmail}
            />
            {props.identifierFixed ? null : (
              <EmailTypoNote
                email={identifierState.defaultValue ?? ""}
                suggestion={form.state.step ? undefined : props.identifierSuggestion}
                takeHref={props.changeEmailHref}
              />
            )}
            {/* A new password field after the email step: focus it so the user can type on. */}
            <FlowField
              spec={password}
              state={form.field(password)}
              autoFocus={form.state.step === "password"}
            />
            <FlowLink
              href={recoveryHref(props.forgotPasswordHref, identifierState.defaultValue)}
              reloadHref={props.reloadHref}
              className="self-start text-petrol-700 underline underline-offset-4"
            >
              {texts.forgotPassword}
            </FlowLink>
            <FormNotice state={form.state} />
            <Button type="submit" isLoading={isBusy}>
              {texts.logIn}
            </Button>
            {texts.useCode ? (
              <Button type="submit" name="intent" value="code" variant="secondary" formNoValidate>
                {texts.useCode}
              </Button>
            ) : null}
          </>
        )}
      </form>
      {step === "password" ? social : null}
    </>
  );
}
