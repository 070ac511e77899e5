// The customer-service console as production runs it (docs/console.md#in-production): two
// instances behind nginx on a host of their own (https://console.localhost), staff signing in
// through the provider and the web app behind the same nginx, the identity service on
// PostgreSQL. The first admin comes from `npm run console -- add-admin`, on the same database
// the running instances use; every page the admin opens may come from either console instance.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ConsoleAuditEntry } from "@moos/contract";
import { apiSignIn, createStaff } from "../support/console-staff.ts";
import { expect, test } from "../support/console-test.ts";
import { createAccount, findIdentity } from "../support/identity-admin.ts";
import { REPO_ROOT } from "../support/services/processes.ts";
import { deployment, identityEnv } from "./deployment.ts";

/** The console instances nginx sent the staff's requests to. */
function consoleUpstreams(): Set<string> {
  const text = readFileSync(path.join(deployment().nginxLogs, "console.log"), "utf8");
  return new Set([...text.matchAll(/ upstream=([0-9.:]+) /g)].map((match) => match[1] ?? ""));
}

async function auditOf(customerId: string): Promise<ConsoleAuditEntry[]> {
  const { identityAdminUrl, adminToken } = deployment();
  const response = await fetch(`${identityAdminUrl}/admin/audit?customer_id=${customerId}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return ((await response.json()) as { entries: ConsoleAuditEntry[] }).entries;
}

test("the first admin from the command signs in through nginx and locks an account", async ({
  console: screens,
  signInToConsole,
  page,
}) => {
  const { search, customer, audit } = screens;
  // Someone who registered, with an authenticator app, and no role yet.
  const admin = await createStaff(null);
  const made = spawnSync("npm", ["run", "-s", "console", "--", "add-admin", admin.email], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...identityEnv(deployment()) },
    encoding: "utf8",
  });
  expect(made.status, made.stderr).toBe(0);
  expect(made.stdout).toContain(admin.email);

  const person = await createAccount();
  await apiSignIn(person);
  const identity = await findIdentity(person.email);
  if (!identity) throw new Error("no identity");

  const answers: { url: string; headers: Record<string, string> }[] = [];
  page.on("response", (response) => {
    if (
      response.url().startsWith(deployment().consoleUrl) &&
      response.request().isNavigationRequest()
    )
      answers.push({ url: response.url(), headers: response.headers() });
  });
  await signInToConsole(admin);
  await search.search(person.email);
  await search.expectResults(1, "email");
  await search.openResult(`${person.firstName} ${person.lastName[0]}.`);
  await customer.expectShown(`${person.firstName} ${person.lastName}`, person.email);
  await customer.lock("Betrugsverdacht, Kundin informiert");
  await customer.expectDone("account.lock");
  await customer.expectLocked();
  await audit.openForCustomer(identity.id);
  await audit.expectEntry("account.lock", { reason: "Betrugsverdacht, Kundin informiert" });

  // The session: one encrypted __Host- cookie, opened by both instances.
  const cookies = await page.context().cookies(deployment().consoleUrl);
  const session = cookies.find((cookie) => cookie.name === "__Host-moos_console");
  expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
  expect(session?.value).not.toContain(admin.id);
  expect(consoleUpstreams().size).toBe(2);
  // Every page: a policy with a nonce, HSTS, no console token anywhere.
  const pages = answers.filter((answer) => answer.headers["content-type"]?.startsWith("text/html"));
  expect(pages.length).toBeGreaterThan(3);
  for (const answer of pages) {
    expect(answer.headers["content-security-policy"], answer.url).toMatch(
      /script-src 'self' 'nonce-/,
    );
    expect(answer.headers["strict-transport-security"], answer.url).toContain("max-age=");
  }
  expect(await page.content()).not.toContain(deployment().consoleToken);

  // The audit names the staff member and the address nginx saw, with the request's id.
  const [entry] = (await auditOf(identity.id)).filter((e) => e.action === "account.lock");
  expect(entry).toMatchObject({
    staff_id: admin.id,
    staff_role: "admin",
    reason: "Betrugsverdacht, Kundin informiert",
    ip_address: "127.0.0.1",
  });
  expect(entry?.request_id).toMatch(/^[0-9a-f]{32}$/);
});
