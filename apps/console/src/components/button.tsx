import { cva } from "class-variance-authority";
import { clsx } from "clsx";
import type * as React from "react";

// The account app's buttons (apps/web/src/components/button.tsx) in the console's copy: the
// same variants and sizes, without the loading state (every console form is a plain post).

export const buttonVariants = cva(
  [
    "inline-flex items-center justify-center gap-2 font-semibold",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-petrol-600",
  ],
  {
    variants: {
      variant: {
        primary:
          "min-h-button rounded-control py-2 text-center bg-green-700 px-5 text-surface hover:bg-green-800 active:bg-green-900",
        secondary:
          "min-h-button rounded-control py-2 text-center border-2 border-green-700 bg-surface px-5 text-green-800 hover:bg-green-50 active:bg-green-100",
        // Irreversible actions (deletion): red, never mistaken for the green primary.
        danger:
          "min-h-button rounded-control py-2 text-center bg-danger px-5 text-surface hover:brightness-90 active:brightness-75",
        link: "min-h-6 rounded-sm px-0.5 text-petrol-700 underline underline-offset-4 hover:text-petrol-900",
      },
    },
    defaultVariants: { variant: "primary" },
  },
);

export type ButtonVariant = "primary" | "secondary" | "danger" | "link";

export type ButtonProps = React.ComponentProps<"button"> & { variant?: ButtonVariant };

export function Button({
  variant,
  className,
  type = "button",
  ...props
}: ButtonProps): React.JSX.Element {
  return <button {...props} type={type} className={clsx(buttonVariants({ variant }), className)} />;
}

/** A link that looks like a button (navigation, not an action). */
export function LinkButton({
  variant,
  className,
  ...props
}: React.ComponentProps<"a"> & { variant?: ButtonVariant }): React.JSX.Element {
  return <a {...props} className={clsx(buttonVariants({ variant }), className)} />;
}
