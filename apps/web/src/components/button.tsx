import { cva } from "class-variance-authority";
import { clsx } from "clsx";
import type * as React from "react";

export const buttonVariants = cva(
  [
    "relative inline-flex items-center justify-center gap-2 font-semibold",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-petrol-600",
    "disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait",
  ],
  {
    variants: {
      variant: {
        primary:
          "min-h-button rounded-control py-2 text-center bg-green-700 px-5 text-surface hover:bg-green-800 active:bg-green-900",
        secondary:
          "min-h-button rounded-control py-2 text-center border-2 border-green-700 bg-surface px-5 text-green-800 hover:bg-green-50 active:bg-green-100",
        // Irreversible actions (account deletion): red, never mistaken for the green primary.
        danger:
          "min-h-button rounded-control py-2 text-center bg-danger px-5 text-surface hover:brightness-90 active:brightness-75",
        link: "min-h-6 rounded-sm px-0.5 text-petrol-700 underline underline-offset-4 hover:text-petrol-900",
        // Social sign-in in each provider's own style (see social-button.tsx).
        apple:
          "min-h-button rounded-control py-2 text-center bg-apple px-5 text-on-apple hover:bg-apple-hover active:bg-apple-hover",
        facebook:
          "min-h-button rounded-control py-2 text-center bg-facebook-600 px-5 text-white hover:bg-facebook-700 active:bg-facebook-700",
        google:
          "min-h-button rounded-control py-2 text-center border border-google-border bg-google px-5 text-on-google hover:bg-google-hover active:bg-google-hover",
      },
    },
    defaultVariants: { variant: "primary" },
  },
);

export type ButtonVariant =
  | "primary"
  | "secondary"
  | "danger"
  | "link"
  | "apple"
  | "facebook"
  | "google";

export type ButtonProps = React.ComponentProps<"button"> & {
  variant?: ButtonVariant;
  isLoading?: boolean;
};

export function Button({
  variant,
  isLoading = false,
  className,
  children,
  type = "button",
  onClick,
  ...props
}: ButtonProps): React.JSX.Element {
  return (
    <button
      {...props}
      // While loading, a click (or the implicit submit on Enter, which clicks the default
      // button) must not send the form again. `disabled` would also drop keyboard focus to
      // <body>, so the button stays focusable, is marked busy, and stops being a submit
      // button. No event handler is needed, so the component also renders on the server.
      type={isLoading ? "button" : type}
      className={clsx(buttonVariants({ variant }), className)}
      aria-busy={isLoading || undefined}
      aria-disabled={isLoading || props["aria-disabled"]}
      data-loading={isLoading || undefined}
      onClick={isLoading ? undefined : onClick}
    >
      {/* The label stays in the accessibility tree (the button keeps its name) and keeps the
          button's width, so nothing jumps when the dots take its place. */}
      <span
        data-slot="label"
        className={clsx("inline-flex items-center gap-2", isLoading && "opacity-0")}
      >
        {children}
      </span>
      {isLoading ? <LoadingDots /> : null}
    </button>
  );
}

function LoadingDots(): React.JSX.Element {
  return (
    <span
      data-slot="loading-dots"
      aria-hidden="true"
      className="absolute inset-0 flex items-center justify-center gap-1.5"
    >
      {[0, 160, 320].map((delay) => (
        <span
          key={delay}
          className="size-2 rounded-full bg-current motion-safe:animate-loading-dot"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}
