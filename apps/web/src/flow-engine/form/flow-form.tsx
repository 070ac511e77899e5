"use client";

import type * as React from "react";
import { Button } from "../../components/button";
import { Input } from "../../components/input";
import { PasswordInput } from "../../components/password-input";
import { CaptchaField } from "../captcha/captcha";
import type { FieldSpec, HiddenField } from "./field-spec";
import { FormNotice } from "./form-notice";
import { type FieldState, type FormAction, useFlowForm } from "./use-flow-form";

export interface SubmitSpec {
  readonly label: string;
  readonly name?: string;
  readonly value?: string;
  readonly variant?: "primary" | "secondary" | "danger" | "link";
  /** When the visible label alone is ambiguous (one "log out" button per device). */
  readonly ariaLabel?: string;
}

export interface FlowFormProps {
  readonly action: FormAction;
  readonly hidden: readonly HiddenField[];
  readonly fields: readonly FieldSpec[];
  readonly submit: SubmitSpec;
  /** Message key -> text, for the keys the field rules return. */
  readonly errorTexts: Readonly<Record<string, string>>;
  /** Shown between the fields and the button (a "forgot password" link, a note). */
  readonly children?: React.ReactNode;
  /** Shown after the button, inside the form: another way to submit it. */
  readonly after?: React.ReactNode;
  readonly label?: string;
}

/**
 * A plain HTML form posting to a server action: without JavaScript the browser posts it and
 * follows the redirect; with JavaScript the fields are checked as the user types and the
 * button shows a loading state. The browser's own validation bubbles are off (noValidate):
 * every message comes from our rules, on both sides.
 */
export function FlowForm(props: FlowFormProps): React.JSX.Element {
  const form = useFlowForm(props.action, props.fields, props.errorTexts);
  return (
    <form
      ref={form.formRef}
      action={form.formAction}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={props.label}
      className="flex flex-col gap-5"
    >
      <HiddenFields fields={props.hidden} />
      {props.fields.map((spec) => (
        <FlowField key={spec.name} spec={spec} state={form.field(spec)} />
      ))}
      {props.children}
      <FormNotice state={form.state} />
      <Button
        type="submit"
        name={props.submit.name}
        value={props.submit.value}
        variant={props.submit.variant}
        aria-label={props.submit.ariaLabel}
        isLoading={form.isPending || form.state.navigateTo !== undefined}
      >
        {props.submit.label}
      </Button>
      {props.after}
    </form>
  );
}

/**
 * The form's hidden fields, and on a screen whose flow carries a proof of work the field of its
 * solution (every form of such a screen posts to the flow that asks for it).
 */
export function HiddenFields({ fields }: { fields: readonly HiddenField[] }): React.JSX.Element {
  return (
    <>
      {fields.map((field) => (
        <input key={field.name} type="hidden" name={field.name} value={field.value} />
      ))}
      <CaptchaField />
    </>
  );
}

export function FlowField({
  spec,
  state,
  autoFocus,
}: {
  spec: FieldSpec;
  state: FieldState;
  autoFocus?: boolean;
}): React.JSX.Element {
  const props = {
    autoFocus,
    name: spec.name,
    label: spec.label,
    autoComplete: spec.autoComplete,
    inputMode: spec.inputMode,
    defaultValue: state.defaultValue,
    error: state.error,
    errorRef: state.errorRef,
    isValid: state.isValid,
    onBlur: state.onBlur,
    onChange: state.onChange,
    required: spec.required,
    maxLength: spec.maxLength,
    readOnly: spec.readOnly,
  };
  if (spec.type === "password") return <PasswordInput {...props} />;
  return <Input {...props} type={spec.type} typoHint={spec.typoHint} />;
}
