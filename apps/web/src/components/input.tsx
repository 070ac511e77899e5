import { clsx } from "clsx";
import * as React from "react";
import { EmailTypoHint } from "./email-typo-hint";
import { LiveRegion } from "./live-region";

/** `className` goes to the field's wrapper (label, control, error text), for layout. */
export type InputProps = React.ComponentProps<"input"> & {
  label: string;
  /** Shown below the field in the danger colour and announced; marks the field invalid. */
  error?: string;
  /** Shows a check mark; ignored while there is an error. */
  isValid?: boolean;
  /**
   * The id of a message shown elsewhere that this field has to be changed for (a wrong
   * password is a message of the whole form): marks the field invalid, described by it.
   */
  errorRef?: string;
  /** An email field that offers "Meintest du ...?" for a likely typo (email-typo-hint.tsx). */
  typoHint?: boolean;
};

export function Input(props: InputProps): React.JSX.Element {
  return <InputField {...props} />;
}

/**
 * The field behind Input and PasswordInput: label, control, status mark and error text.
 * `trailing` is a control placed at the end of the field (the password reveal toggle).
 */
export function InputField({
  label,
  error,
  isValid = false,
  errorRef,
  typoHint = false,
  trailing,
  id,
  type = "text",
  className,
  autoComplete,
  "aria-describedby": ariaDescribedBy,
  ...props
}: InputProps & { trailing?: React.ReactNode }): React.JSX.Element {
  const generatedId = React.useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const isInvalid = Boolean(error) || Boolean(errorRef);
  const status = isInvalid ? "invalid" : isValid ? "valid" : undefined;
  // Digits typed from an email or SMS are a code, not a quantity: arrows that count it up or
  // down only get in the way (and change the code when the user scrolls over the field).
  const hidesSpinner = type === "number" && autoComplete === "one-time-code";

  return (
    <div className={clsx("flex flex-col gap-1.5", className)} data-slot="field">
      <label htmlFor={inputId} className="font-medium text-gray-900">
        {label}
      </label>
      <div className="relative">
        <input
          {...props}
          id={inputId}
          type={type}
          autoComplete={autoComplete}
          aria-invalid={isInvalid ? true : undefined}
          aria-describedby={
            clsx(ariaDescribedBy, error ? errorId : errorRef ? errorRef : undefined) || undefined
          }
          data-status={status}
          className={clsx(
            "h-input w-full rounded-control border bg-surface px-4 text-base text-gray-900",
            "placeholder:text-gray-600 focus-visible:outline-2 focus-visible:outline-offset-2",
            "focus-visible:outline-petrol-600 disabled:cursor-not-allowed disabled:bg-gray-100",
            status === "invalid" ? "border-danger bg-danger-light" : "border-gray-500",
            status === "valid" && "border-green-700",
            status && trailing ? "pr-22" : status || trailing ? "pr-12" : undefined,
            hidesSpinner && [
              "[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none",
              "[&::-webkit-outer-spin-button]:appearance-none",
            ],
          )}
        />
        <span className="pointer-events-none absolute inset-y-0 right-0 flex items-center">
          {status ? (
            <span className={clsx("flex size-6 items-center", trailing ? "mr-1" : "mr-3")}>
              {status === "valid" ? <CheckMark /> : <ExclamationMark />}
            </span>
          ) : null}
          {trailing ? <span className="pointer-events-auto">{trailing}</span> : null}
        </span>
      </div>
      {/* role=alert announces the message as soon as it appears (the region is there before
          its text, see LiveRegion); aria-describedby repeats it whenever the field gets focus
          again. Empty, it takes no room. */}
      <LiveRegion as="p" id={errorId} role="alert" className="text-sm text-danger empty:-mt-1.5">
        {error}
      </LiveRegion>
      {typoHint ? <EmailTypoHint inputId={inputId} /> : null}
    </div>
  );
}

function CheckMark(): React.JSX.Element {
  return (
    <svg
      data-slot="valid-mark"
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6 text-success"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

function ExclamationMark(): React.JSX.Element {
  return (
    <svg
      data-slot="invalid-mark"
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6 text-danger"
      fill="currentColor"
    >
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 5a1.25 1.25 0 0 1 1.25 1.25v4.5a1.25 1.25 0 0 1-2.5 0v-4.5A1.25 1.25 0 0 1 12 7Zm0 8.25a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" />
    </svg>
  );
}
