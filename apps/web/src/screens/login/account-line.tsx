import type * as React from "react";

/**
 * The account a login step is for (the email address), with a way to change it. No hooks, so
 * both the server-rendered social step and the client login form use it.
 */
export function AccountLine({
  email,
  label,
  changeHref,
  changeText,
}: {
  email: string;
  label: string;
  /** Undefined when the account is given (re-authentication, linking). */
  changeHref: string | undefined;
  changeText: string;
}): React.JSX.Element {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <p className="flex min-w-0 flex-col">
        <span className="text-sm text-gray-700">{label}</span>
        <span className="break-all font-medium text-gray-900">{email}</span>
      </p>
      {changeHref ? (
        <a href={changeHref} className="text-petrol-700 underline underline-offset-4">
          {changeText}
        </a>
      ) : null}
    </div>
  );
}
