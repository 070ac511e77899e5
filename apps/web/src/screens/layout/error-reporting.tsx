"use client";

import { useEffect } from "react";

/**
 * Browser-side error reporting: rendered only when the server has a Sentry configuration, and
 * the SDK is a separate chunk fetched after the page is interactive, so pages without it stay light.
 */
export function ErrorReporting({ dsn, environment }: { dsn: string; environment: string }): null {
  useEffect(() => {
    void import("@sentry/nextjs").then((Sentry) => Sentry.init({ dsn, environment }));
  }, [dsn, environment]);
  return null;
}
