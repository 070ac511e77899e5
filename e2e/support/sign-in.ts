// Signs a browser in without its screens: the login flow through the web app's origin as Ory's
// SDK drives it (JSON, the flow's CSRF token), in the browser's own cookie jar. For journeys
// that start signed in; the login screens themselves are tested in login.spec.ts,
// keyboard/login.spec.ts and every-screen.spec.ts.

import type { Page } from "@playwright/test";
import type { Account } from "./identity-admin.ts";
import { baseUrl } from "./languages.ts";

interface LoginFlow {
  id: string;
  ui: { nodes: { attributes: { name?: string; value?: unknown } }[] };
}

export async function signIn(
  page: Page,
  account: Pick<Account, "email" | "password">,
): Promise<void> {
  const { request } = page.context();
  const headers = { accept: "application/json" };
  const started = await request.get(`${baseUrl()}/self-service/login/browser`, { headers });
  if (!started.ok()) throw new Error(`starting a login flow failed: ${started.status()}`);
  const flow = (await started.json()) as LoginFlow;
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === "csrf_token")?.attributes
    .value;
  const answer = await request.post(`${baseUrl()}/self-service/login?flow=${flow.id}`, {
    headers,
    data: {
      method: "password",
      identifier: account.email,
      password: account.password,
      csrf_token: csrf,
    },
  });
  if (!answer.ok()) {
    throw new Error(
      `signing ${account.email} in failed: ${answer.status()} ${await answer.text()}`,
    );
  }
}
