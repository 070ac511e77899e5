// The Ory Elements suite's test object: the mode of the project (`proxy` or `direct`), that
// mode's app and identity service, and the repository's guard against browser errors
// (e2e/support/browser-errors.ts: console errors, uncaught exceptions, failed requests and 5xx
// of the app's origin). One kind of report is expected and allowed: Chromium's failed-resource
// line for a self-service submit answered 400 (every step that shows the flow again,
// docs/protocol.md#quirks) or 422 (browser_location_change_required, after the right recovery code,
// §5), which is how Kratos answers them; Ory Elements against Kratos logs the same lines.

import { test as base, expect } from "@playwright/test";
import { BrowserErrors } from "../support/browser-errors.ts";
import { ElementsApp } from "./elements-app.ts";
import { elementsServices, type Mode, type ModeServices } from "./elements-services.ts";

export { expect };

const FLOW_ANSWER =
  /^console error \([^)]*\/self-service\/(login|registration|recovery|verification|settings)\?flow=[^)]*\): Failed to load resource: the server responded with a status of (400|422) /;

export const test = base.extend<{
  mode: Mode;
  services: ModeServices;
  app: ElementsApp;
  browserErrors: BrowserErrors;
}>({
  // Each project sets its mode (playwright.config.ts).
  mode: ["proxy", { option: true }],
  services: async ({ mode }, use) => {
    await use(elementsServices().modes[mode]);
  },
  browserErrors: [
    async ({ context, services }, use) => {
      const errors = new BrowserErrors({
        origin: new URL(services.appUrl).origin,
        javaScriptEnabled: true,
      });
      errors.allow(FLOW_ANSWER, "Kratos answers a step with 400 or 422 and the flow");
      errors.watch(context);
      await use(errors);
      expect(errors.unexpected(), "the browser reported errors").toEqual([]);
    },
    { auto: true },
  ],
  app: async ({ page, services }, use) => {
    await use(new ElementsApp(page, services));
  },
});
