import { clsx } from "clsx";
import * as React from "react";

// Form fields in the account app's style (apps/web/src/components/input.tsx): a visible label
// above the control, an optional hint below the label that the control is described by, the
// house border and focus ring. Console forms are checked by the browser first (required,
// lengths) and by the identity service; its refusals show as the page's message.

const controlClass = clsx(
  "w-full rounded-control border border-gray-500 bg-surface px-4 text-base text-gray-900",
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-petrol-600",
);

interface FieldFrameProps {
  readonly id: string;
  readonly label: string;
  readonly hint?: string | undefined;
  readonly className?: string | undefined;
  readonly children: React.ReactNode;
}

function FieldFrame({ id, label, hint, className, children }: FieldFrameProps): React.JSX.Element {
  return (
    <div className={clsx("flex flex-col gap-1.5", className)} data-slot="field">
      <label htmlFor={id} className="font-medium text-gray-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

type Labelled = { label: string; hint?: string | undefined };

export function Input({
  label,
  hint,
  id,
  className,
  ...props
}: React.ComponentProps<"input"> & Labelled): React.JSX.Element {
  const generated = React.useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} className={className}>
      <input
        {...props}
        id={inputId}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        className={clsx(controlClass, "h-input")}
      />
    </FieldFrame>
  );
}

export function TextArea({
  label,
  hint,
  id,
  className,
  ...props
}: React.ComponentProps<"textarea"> & Labelled): React.JSX.Element {
  const generated = React.useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} className={className}>
      <textarea
        rows={2}
        {...props}
        id={inputId}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        className={clsx(controlClass, "py-3")}
      />
    </FieldFrame>
  );
}

export function Select({
  label,
  hint,
  id,
  className,
  children,
  ...props
}: React.ComponentProps<"select"> & Labelled): React.JSX.Element {
  const generated = React.useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} className={className}>
      <select
        {...props}
        id={inputId}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        className={clsx(controlClass, "h-input")}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** Radio buttons in a fieldset whose legend names the choice. */
export function RadioGroup({
  legend,
  name,
  options,
  defaultValue,
  required,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string; description?: string }[];
  defaultValue?: string;
  required?: boolean;
}): React.JSX.Element {
  const base = React.useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium text-gray-900">{legend}</legend>
      {options.map((option, index) => (
        <div key={option.value} className="flex items-start gap-3">
          <input
            type="radio"
            id={`${base}-${index}`}
            name={name}
            value={option.value}
            defaultChecked={option.value === defaultValue}
            required={required}
            className="mt-1 size-5 shrink-0 accent-green-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-petrol-600"
          />
          <label htmlFor={`${base}-${index}`} className="text-gray-900">
            {option.label}
            {option.description ? (
              <span className="block text-sm text-gray-700">{option.description}</span>
            ) : null}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
