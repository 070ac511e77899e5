import { cva } from "class-variance-authority";
import { clsx } from "clsx";
import type * as React from "react";
import { LiveRegion } from "./live-region";

export type AlertSeverity = "info" | "success" | "warning" | "error";

export type AlertProps = {
  severity: AlertSeverity;
  title?: string;
  children?: React.ReactNode;
  className?: string;
  /** Lets a field name this alert as its description (a wrong password, a wrong code). */
  id?: string;
};

const alertVariants = cva("flex gap-3 rounded-control border-l-4 p-4", {
  variants: {
    severity: {
      info: "border-info bg-info-light text-info",
      success: "border-success bg-success-light text-success",
      warning: "border-warning bg-warning-light text-warning",
      error: "border-danger bg-danger-light text-danger",
    },
  },
});

// Errors and warnings interrupt (role=alert, announced at once); info and success wait until
// the screen reader is idle (role=status), so a success note never cuts off what is being read.
const roles: Record<AlertSeverity, "alert" | "status"> = {
  info: "status",
  success: "status",
  warning: "alert",
  error: "alert",
};

export function Alert({ severity, title, children, className, id }: AlertProps): React.JSX.Element {
  return (
    <LiveRegion
      id={id}
      role={roles[severity]}
      data-severity={severity}
      className={clsx(alertVariants({ severity }), className)}
    >
      <AlertIcon severity={severity} />
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-gray-900">{children}</div> : null}
      </div>
    </LiveRegion>
  );
}

const iconPaths: Record<AlertSeverity, string> = {
  info: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 4.75a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM13.25 17h-2.5v-5.5h2.5V17Z",
  success:
    "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.3 14.2-4.4-4.4 1.77-1.77 2.63 2.64 5.4-5.4 1.77 1.76-7.17 7.17Z",
  warning: "M12 2.5 1.5 21h21L12 2.5Zm1.25 15.25h-2.5v-2.5h2.5v2.5Zm0-4h-2.5V9h2.5v4.75Z",
  error:
    "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1.25 15h-2.5v-2.5h2.5V17Zm0-4.25h-2.5V7h2.5v5.75Z",
};

function AlertIcon({ severity }: { severity: AlertSeverity }): React.JSX.Element {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-0.5 size-5 shrink-0"
      fill="currentColor"
    >
      <path d={iconPaths[severity]} />
    </svg>
  );
}
