"use client";

// The behaviour every flow form shares in the browser: the server action through
// useActionState (the same form works without JavaScript), instant checks with the same rules
// the server applies, a pending flag for the loading button, and a document navigation when
// the action asks for one.

import * as React from "react";
import { forgetStep } from "../screen-focus";
import { checkField, checkFields, formValues } from "./field-rules";
import type { FieldSpec } from "./field-spec";
import { type FormState, initialFormState } from "./form-state";
import { useMessageRefs } from "./message-refs";

export type FormAction = (state: FormState, formData: FormData) => Promise<FormState>;

export interface FieldState {
  readonly error: string | undefined;
  /** The id of a flow message this field is marked invalid for (see message-refs.tsx). */
  readonly errorRef: string | undefined;
  readonly isValid: boolean;
  readonly defaultValue: string | undefined;
  readonly onBlur: (event: React.FocusEvent<HTMLInputElement>) => void;
  readonly onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
}

export interface FlowFormApi {
  readonly state: FormState;
  readonly formAction: (formData: FormData) => void;
  readonly isPending: boolean;
  readonly formRef: React.RefObject<HTMLFormElement | null>;
  readonly onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  readonly field: (spec: FieldSpec) => FieldState;
}

/** undefined: not checked in the browser yet; null: checked and fine; string: message key. */
type Checked = Readonly<Record<string, string | null>>;

export interface FlowFormOptions {
  /**
   * Runs before the document navigation the answer asks for (the automatic passkey upgrade
   * after a password sign-in); the navigation waits for it.
   */
  readonly beforeNavigate?: (state: FormState) => Promise<unknown>;
}

export function useFlowForm(
  action: FormAction,
  fields: readonly FieldSpec[],
  errorTexts: Readonly<Record<string, string>>,
  options: FlowFormOptions = {},
): FlowFormApi {
  const [state, formAction, isPending] = React.useActionState(action, initialFormState);
  const [checked, setChecked] = React.useState<Checked>({});
  const [edited, setEdited] = React.useState<ReadonlySet<string>>(new Set());
  const formRef = React.useRef<HTMLFormElement>(null);
  const messageRefs = useMessageRefs();

  const rules = React.useMemo(() => {
    const byName: Record<string, NonNullable<FieldSpec["rule"]>> = {};
    for (const spec of fields) if (spec.rule) byName[spec.name] = spec.rule;
    return byName;
  }, [fields]);

  // A new answer from the server: its errors are the ones to show.
  const [answered, setAnswered] = React.useState(state);
  if (answered !== state) {
    setAnswered(state);
    setChecked({});
    setEdited(new Set());
  }

  const beforeNavigate = React.useRef(options.beforeNavigate);
  beforeNavigate.current = options.beforeNavigate;
  React.useEffect(() => {
    const target = state.navigateTo;
    if (!target) return;
    const before = beforeNavigate.current;
    if (!before) {
      window.location.assign(target);
      return;
    }
    void before(state)
      .catch(() => undefined)
      .then(() => window.location.assign(target));
  }, [state]);

  // The server's check found something the browser's did not: focus goes to the first field
  // it marked, whose message is read with it (WCAG 3.3.1), instead of staying on the button.
  React.useEffect(() => {
    if (Object.keys(state.errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.errors]);

  const currentValues = React.useCallback(
    (): Record<string, string> =>
      formRef.current ? formValues(new FormData(formRef.current)) : {},
    [],
  );

  const check = React.useCallback(
    (names: readonly string[]) => {
      const values = currentValues();
      setChecked((previous) => {
        const next = { ...previous };
        for (const name of names) {
          const rule = rules[name];
          if (rule) next[name] = checkField(rule, values[name] ?? "", values) ?? null;
        }
        return next;
      });
    },
    [currentValues, rules],
  );

  const onSubmit = React.useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      // A button with formNoValidate (back, change the email) skips the checks, as in HTML.
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.hasAttribute("formnovalidate")) return;
      const values = currentValues();
      const present = Object.fromEntries(Object.entries(rules).filter(([name]) => name in values));
      const errors = checkFields(present, values);
      const names = Object.keys(errors);
      if (names.length === 0) {
        setEdited(new Set());
        return;
      }
      event.preventDefault();
      forgetStep();
      setChecked(
        Object.fromEntries(Object.keys(present).map((name) => [name, errors[name] ?? null])),
      );
      // Focus moves to the first field to fix; its message is announced with it.
      const first = event.currentTarget.elements.namedItem(names[0] ?? "");
      if (first instanceof HTMLInputElement) first.focus();
    },
    [currentValues, rules],
  );

  // The server refused the form (its check, or the identity service's answer): the page shows
  // its answer without the browser's earlier checks, so the fields it kept and found fine are
  // marked fine again, as they were before the submit (no check marks that vanish).
  const serverRefused =
    Object.keys(state.errors).length > 0 || fields.some((spec) => spec.serverError);
  const keptValues: Record<string, string> = {};
  for (const spec of fields) {
    const value = state.values[spec.name] ?? spec.defaultValue;
    if (value !== undefined) keptValues[spec.name] = value;
  }

  const field = (spec: FieldSpec): FieldState => {
    const clientKey = checked[spec.name];
    const serverKey = edited.has(spec.name) ? undefined : state.errors[spec.name];
    const key = clientKey ?? (clientKey === null ? undefined : serverKey);
    const serverError =
      clientKey === undefined && !edited.has(spec.name) && !serverKey
        ? spec.serverError
        : undefined;
    const error = key ? (errorTexts[key] ?? key) : serverError;
    const defaultValue = keptValues[spec.name];
    const keptFine =
      serverRefused &&
      clientKey === undefined &&
      !edited.has(spec.name) &&
      !error &&
      spec.rule !== undefined &&
      Boolean(defaultValue) &&
      checkField(spec.rule, defaultValue ?? "", keptValues) === undefined;
    return {
      error,
      // Until the customer changes the field or the browser checks it again.
      errorRef: error || edited.has(spec.name) ? undefined : messageRefs[spec.name],
      isValid: (clientKey === null || keptFine) && spec.rule !== "currentPassword",
      defaultValue,
      onBlur: (event) => {
        if (event.currentTarget.value !== "" || checked[spec.name] !== undefined)
          check([spec.name]);
      },
      onChange: () => {
        setEdited((previous) => new Set(previous).add(spec.name));
        const dependents = Object.entries(rules)
          .filter(
            ([name, rule]) =>
              rule === "repeatPassword" && spec.name === "password" && checked[name] !== undefined,
          )
          .map(([name]) => name);
        if (checked[spec.name] !== undefined || dependents.length > 0) {
          check(checked[spec.name] !== undefined ? [spec.name, ...dependents] : dependents);
        }
      },
    };
  };

  return { state, formAction, isPending, formRef, onSubmit, field };
}
