import { cva } from "class-variance-authority";
import { clsx } from "clsx";
import type * as React from "react";

// The account app's alert (apps/web/src/components/alert.tsx): a tinted box with a strong left
// border, its severity in colour and in words. `role` is given by the caller: a message that
// answers what the staff member just did is a status or an alert, a standing note is neither.

export type AlertSeverity = "info" | "success" | "warning" | "error";

const alertVariants = cva("rounded-control border-l-4 p-4", {
  variants: {
    severity: {
      info: "border-info bg-info-light text-info",
      success: "border-success bg-success-light text-success",
      warning: "border-warning bg-warning-light text-warning",
      error: "border-danger bg-danger-light text-danger",
    },
  },
});

export function Alert({
  severity,
  title,
  children,
  className,
  ...props
}: Omit<React.ComponentProps<"div">, "title"> & {
  severity: AlertSeverity;
  title?: string;
}): React.JSX.Element {
  return (
    <div
      {...props}
      className={clsx(alertVariants({ severity }), className)}
      data-severity={severity}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={clsx(title && "mt-1")}>{children}</div> : null}
    </div>
  );
}
