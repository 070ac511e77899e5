"use client";

// A form whose submit is done by webauthn.js: the customer presses the trigger button (or picks
// a passkey from the email field's autofill), the script asks the browser for the credential,
// writes the result into the hidden `resultName` input and submits the form.
//
// webauthn.js submits with form.submit(), which fires no submit event, so React would not run
// the form's server action; the form's submit() is pointed at requestSubmit() instead, and the
// result goes through the same server action as every other form.
//
// Passkeys need JavaScript: without it the server-rendered page shows a note in place of the
// button (the button is only rendered once the page runs).

import * as React from "react";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import type { FieldSpec, HiddenField } from "../form/field-spec";
import { FlowField, HiddenFields } from "../form/flow-form";
import { FormNotice } from "../form/form-notice";
import { type FormAction, useFlowForm } from "../form/use-flow-form";
import { loadWebAuthnScript, webAuthnFunction } from "./load-webauthn-script";
import { rememberPasskeyAssertion } from "./passkey-signals";
import type { WebAuthnScript, WebAuthnTrigger } from "./webauthn-nodes";

export interface WebAuthnFormProps {
  readonly action: FormAction;
  readonly hidden: readonly HiddenField[];
  /** The hidden input webauthn.js fills (`passkey_login`, `webauthn_register`, ...). */
  readonly resultName: string;
  readonly trigger: WebAuthnTrigger;
  readonly script: WebAuthnScript;
  /** Fields sent along (the name of a new security key). */
  readonly fields?: readonly FieldSpec[];
  /** Starts the browser's passkey autofill on the email field as soon as the script runs. */
  readonly autofill?: boolean;
  /**
   * A passkey sign-in: which passkey was used is kept for this tab, so a refusal for an
   * unknown passkey can tell the password manager (passkey-signals.ts).
   */
  readonly rememberAssertion?: boolean;
  readonly label: string;
  /** Shown instead of the button when the page runs without JavaScript. */
  readonly noScriptText: string;
  /** Shown when the browser cannot use passkeys or the script did not load. */
  readonly unavailableText: string;
  readonly variant?: "primary" | "secondary";
}

export function WebAuthnForm(props: WebAuthnFormProps): React.JSX.Element {
  const form = useFlowForm(props.action, props.fields ?? [], {});
  const [status, setStatus] = React.useState<"server" | "loading" | "ready" | "unavailable">(
    "server",
  );
  // Primitives, not the script object: a server action that sets cookies refreshes the page's
  // props, and starting the passkey autofill again then would submit a second time.
  const { src, integrity, crossOrigin } = props.script;
  const { autofill } = props;
  const autofillStarted = React.useRef(false);
  // The browser's passkey dialog is open (the ceremony's promise has not settled): the button
  // is busy, so a second click cannot start a second request.
  const [isCeremony, setCeremony] = React.useState(false);

  React.useEffect(() => {
    if (!window.PublicKeyCredential) {
      setStatus("unavailable");
      return;
    }
    setStatus("loading");
    let active = true;
    loadWebAuthnScript({ src, integrity, crossOrigin }).then(
      () => {
        if (!active) return;
        setStatus("ready");
        if (!autofill || autofillStarted.current) return;
        autofillStarted.current = true;
        void webAuthnFunction("oryPasskeyLoginAutocompleteInit")?.();
      },
      () => {
        if (active) setStatus("unavailable");
      },
    );
    return () => {
      active = false;
    };
  }, [src, integrity, crossOrigin, autofill]);

  React.useEffect(() => {
    const element = form.formRef.current;
    if (!element) return;
    element.submit = () => element.requestSubmit();
  });

  if (status === "server") {
    return (
      <noscript>
        <Alert severity="info">{props.noScriptText}</Alert>
      </noscript>
    );
  }
  if (status === "unavailable") return <Alert severity="info">{props.unavailableText}</Alert>;

  const { trigger, rememberAssertion } = props;
  const onSubmit = (event: React.FormEvent<HTMLFormElement>): void => {
    if (rememberAssertion) {
      const result = event.currentTarget.elements.namedItem(props.resultName);
      if (result instanceof HTMLInputElement && result.value) {
        try {
          rememberPasskeyAssertion(window.sessionStorage, result.value);
        } catch {
          // No storage (a private window's quota): nothing to tell later.
        }
      }
    }
    form.onSubmit(event);
  };
  const onTrigger = (): void => {
    const run = webAuthnFunction(trigger.trigger);
    if (!run || isCeremony) return;
    setCeremony(true);
    // The webauthn group's options travel in the button's value; passkeys read theirs from
    // a hidden input. A cancelled dialog rejects; either way the button is free again.
    void Promise.resolve()
      .then(() => run(trigger.value ? JSON.parse(trigger.value) : undefined))
      .catch(() => undefined)
      .finally(() => setCeremony(false));
  };

  return (
    <form
      ref={form.formRef}
      action={form.formAction}
      onSubmit={onSubmit}
      noValidate
      aria-label={props.label}
      className="flex flex-col gap-4"
    >
      <HiddenFields fields={props.hidden} />
      <input type="hidden" name={props.resultName} defaultValue="" />
      {(props.fields ?? []).map((spec) => (
        <FlowField key={spec.name} spec={spec} state={form.field(spec)} />
      ))}
      <FormNotice state={form.state} />
      <Button
        type="button"
        name={trigger.name}
        value={trigger.value}
        variant={props.variant ?? "secondary"}
        isLoading={
          status === "loading" ||
          isCeremony ||
          form.isPending ||
          form.state.navigateTo !== undefined
        }
        onClick={onTrigger}
      >
        {trigger.label}
      </Button>
    </form>
  );
}
