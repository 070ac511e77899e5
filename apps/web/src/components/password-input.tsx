"use client";

import * as React from "react";
import { InputField, type InputProps } from "./input";
import { useUiTexts } from "./ui-texts";

export type PasswordInputProps = InputProps;

const subscribeToNothing = (): (() => void) => () => {};

/**
 * True once React runs in the browser. The reveal toggle needs JavaScript to do anything, so
 * the server-rendered page (and a browser without JavaScript) shows a plain password field.
 */
function useIsHydrated(): boolean {
  return React.useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

export function PasswordInput({ type: _type, ...props }: PasswordInputProps): React.JSX.Element {
  const texts = useUiTexts();
  const [isRevealed, setIsRevealed] = React.useState(false);
  const isHydrated = useIsHydrated();
  const generatedId = React.useId();
  const inputId = props.id ?? generatedId;

  const toggle = isHydrated ? (
    <button
      type="button"
      aria-controls={inputId}
      aria-label={isRevealed ? texts.hidePassword : texts.showPassword}
      onClick={() => setIsRevealed((revealed) => !revealed)}
      className="flex size-12 items-center justify-center rounded-control text-gray-700 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-petrol-600"
    >
      {isRevealed ? <EyeClosedIcon /> : <EyeIcon />}
    </button>
  ) : null;

  return (
    <InputField {...props} id={inputId} type={isRevealed ? "text" : "password"} trailing={toggle} />
  );
}

function EyeIcon(): React.JSX.Element {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeClosedIcon(): React.JSX.Element {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.7 3.6M6.6 6.6A17.3 17.3 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m3 3 18 18" />
    </svg>
  );
}
