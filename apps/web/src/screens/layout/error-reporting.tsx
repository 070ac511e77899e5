"use client";

import type { ReportEvent } from "@moos/telemetry/scrub-event";
import { useEffect } from "react";

/**
 * Browser-side error reporting: rendered only when the server has a Sentry configuration, and
 * the SDK is a separate chunk fetched after the page is interactive, so pages without it stay light.
 * A report passes the same allowlist as the services' (packages/telemetry/src/scrub-event.ts):
 * the page's URL with its query, the user, breadcrumbs (clicks, fetches) and form values never
 * leave the browser.
 */
export function ErrorReporting({ dsn, environment }: { dsn: string; environment: string }): null {
  useEffect(() => {
    void Promise.all([import("@sentry/nextjs"), import("@moos/telemetry/scrub-event")]).then(
      ([Sentry, { collectNoPersonalData, scrubEvent }]) =>
        Sentry.init({
          dsn,
          environment,
          dataCollection: { ...collectNoPersonalData, httpBodies: [] },
          maxBreadcrumbs: 0,
          beforeBreadcrumb: () => null,
          beforeSend: (event) =>
            scrubEvent(event as unknown as ReportEvent) as unknown as typeof event,
          beforeSendTransaction: () => null,
        }),
    );
  }, [dsn, environment]);
  return null;
}
