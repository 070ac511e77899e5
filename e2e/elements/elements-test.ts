// The Ory Elements suite's test object: the mode of the project (`proxy` or `direct`), that
// mode's app and identity service, and a check that fails the test on any browser console
// error or uncaught exception. One kind is expected and let through: Chromium's failed-resource
// line for a self-service submit answered 400 (every step that shows the flow again, PROTOCOL.md
// §13.1) or 422 (browser_location_change_required, e.g. after the right recovery code, §5), which
// is how Kratos answers them; Ory Elements against Kratos logs the same lines.

import { test as base, expect } from "@playwright/test";
import { ElementsApp } from "./elements-app.ts";
import { elementsServices, type Mode, type ModeServices } from "./elements-services.ts";

export { expect };

interface ConsoleProblem {
  readonly text: string;
  readonly url: string;
}

const FLOW_SUBMIT = /\/self-service\/(login|registration|recovery|verification|settings)\?flow=/;

const FLOW_ANSWER = /^Failed to load resource: the server responded with a status of (400|422) /;

function isExpected(problem: ConsoleProblem): boolean {
  return FLOW_ANSWER.test(problem.text) && FLOW_SUBMIT.test(problem.url);
}

export const test = base.extend<{
  mode: Mode;
  services: ModeServices;
  app: ElementsApp;
  consoleProblems: ConsoleProblem[];
}>({
  // Each project sets its mode (playwright.config.ts).
  mode: ["proxy", { option: true }],
  services: async ({ mode }, use) => {
    await use(elementsServices().modes[mode]);
  },
  consoleProblems: [
    async ({ page }, use) => {
      const problems: ConsoleProblem[] = [];
      page.on("console", (message) => {
        if (message.type() === "error")
          problems.push({ text: message.text(), url: message.location().url });
      });
      page.on("pageerror", (error) => problems.push({ text: error.message, url: page.url() }));
      await use(problems);
      expect(problems.filter((problem) => !isExpected(problem))).toEqual([]);
    },
    { auto: true },
  ],
  app: async ({ page, services }, use) => {
    await use(new ElementsApp(page, services));
  },
});
