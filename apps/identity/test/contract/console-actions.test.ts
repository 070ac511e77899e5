import type { ConsoleCustomer, CustomerSearchAnswer } from "@moos/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { browserSignIn, deliveredMail, firefoxOnWindows } from "../support/safety.ts";
import { csrfOf, failure, password } from "./account-helpers.ts";
import {
  activityOf,
  auditOf,
  change,
  consoleCall,
  createCustomer,
  createStaff,
  openCustomer,
  type Staff,
  withConsole,
} from "./console-helpers.ts";
import { with2fa } from "./second-factor-helpers.ts";

// docs/console.md: each action of the console over HTTP. Every one leaves exactly one audit
// entry (who, role, what, whom, why, from where, which request); what changes the account shows
// in the customer's own activity and reaches them as a security notice by real SMTP; bad input,
// a conflict and "nothing to do" change nothing.

let h: Harness;
let support: Staff;
let admin: Staff;
beforeAll(async () => {
  h = await startHarness(withConsole(with2fa()));
  support = await createStaff(h, "support");
  admin = await createStaff(h, "admin");
});
afterAll(async () => h?.close());

/** Asserts the one new audit entry about `id` since `before` entries, and returns it. */
async function oneNewEntry(id: string, before: number, action: string, staff: Staff) {
  const entries = await auditOf(h, { customerId: id });
  expect(entries).toHaveLength(before + 1);
  const entry = entries[0]!;
  expect(entry).toMatchObject({
    action,
    target_id: id,
    staff_id: staff.id,
    staff_email: staff.email,
    staff_role: staff.role,
    reason: "Kundin hat angerufen",
    ip_address: "198.51.100.7",
  });
  expect(entry.request_id).toMatch(/^console-/);
  return entry;
}

/**
 * Two sessions from two new browsers, and the two new-sign-in notices they cause delivered, so
 * that a test counting the customer's mail after this point counts only what the action sends.
 */
async function signedInTwice(email: string) {
  for (let i = 0; i < 2; i++) expect(await browserSignIn(h, h.browser(), email)).toBe(200);
  await deliveredMail(h, email, /^Neue Anmeldung bei deinem Moos-Konto$/, 1);
}

describe("changes to the account: audit, activity, notice", () => {
  it("ends all sessions, then one", async () => {
    const customer = await createCustomer(h, { prefix: "sessions" });
    await signedInTwice(customer.email);
    const all = await change(h, support, customer.id, "sessions/revoke");
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({
      action: "sessions.revoke",
      details: { scope: "all", sessions: 2 },
    });
    const entry = await oneNewEntry(customer.id, 0, "sessions.revoke", support);
    expect(all.json.audit_id).toBe(entry.id);
    expect((await openCustomer(h, admin, customer.id)).sessions).toEqual([]);
    const activity = await activityOf(h, customer.id);
    expect(activity[0]).toMatchObject({
      type: "support_sessions_revoked",
      ip_address: "",
      user_agent: "",
      details: { scope: "all" },
    });
    const notice = await deliveredMail(h, customer.email, /Kundenservice hat dich abgemeldet/);
    expect(notice.text).toContain("alle deine Sitzungen beendet");
    expect(notice.text).not.toContain("198.51.100.7");
    expect(notice.text).not.toContain(support.email);

    await signedInTwice(customer.email);
    const page = await openCustomer(h, support, customer.id);
    expect(page.sessions).toHaveLength(2);
    const one = await change(h, support, customer.id, "sessions/revoke", {
      session_id: page.sessions[0]!.id,
    });
    expect(one.json.details).toMatchObject({ scope: "one", sessions: 1 });
    expect((await openCustomer(h, support, customer.id)).sessions).toHaveLength(1);
  });

  it("locks, says a locked account is locked, and unlocks", async () => {
    const customer = await createCustomer(h, { prefix: "lock" });
    await signedInTwice(customer.email);
    const locked = await change(h, support, customer.id, "lock", { until: null });
    expect(locked.status).toBe(200);
    expect(locked.json.details).toEqual({ until: null, sessions: 2 });
    await oneNewEntry(customer.id, 0, "account.lock", support);
    const notice = await deliveredMail(h, customer.email, /wurde gesperrt/);
    expect(notice.text).toContain("wende dich bitte an unseren Kundenservice");
    expect(notice.text).not.toContain("not-me");

    const again = await change(h, support, customer.id, "lock", { until: null });
    expect(again.status).toBe(409);
    expect(again.json.error.id).toBe("console_nothing_to_do");
    expect(await auditOf(h, { customerId: customer.id })).toHaveLength(1);

    const page = await openCustomer(h, support, customer.id);
    expect(page.lock).toMatchObject({ locked: true, until: null, reason: "Kundin hat angerufen" });
    const results = await consoleCall(h, support, "GET", `/customers?q=${customer.id}`);
    expect(results.json.results[0].locked).toBe(true);

    const unlocked = await change(h, support, customer.id, "unlock");
    expect(unlocked.status).toBe(200);
    expect((await activityOf(h, customer.id)).map((e) => e.type).slice(0, 2)).toEqual([
      "support_account_unlocked",
      "support_account_locked",
    ]);
    await deliveredMail(h, customer.email, /wieder freigegeben/);
    const twice = await change(h, support, customer.id, "unlock");
    expect(twice.json.error.id).toBe("console_nothing_to_do");
  });

  it("corrects the name; the audit says which parts, not the name", async () => {
    const customer = await createCustomer(h, { prefix: "name", first: "Erica", last: "Musterman" });
    const corrected = await change(h, support, customer.id, "name", {
      first: "Erika",
      last: "Mustermann",
    });
    expect(corrected.status).toBe(200);
    const entry = await oneNewEntry(customer.id, 0, "name.correct", support);
    expect(entry.details).toEqual({ fields: ["first", "last"] });
    expect(JSON.stringify(entry)).not.toContain("Mustermann");
    const identity = await h.identityApi().getIdentity({ id: customer.id });
    expect(identity.traits).toMatchObject({ name: { first: "Erika", last: "Mustermann" } });
    expect((await activityOf(h, customer.id))[0]?.type).toBe("support_name_corrected");
    const notice = await deliveredMail(h, customer.email, /Name bei Moos wurde korrigiert/);
    expect(notice.text).toContain("Er lautet jetzt: Erika Mustermann.");

    const same = await change(h, support, customer.id, "name", {
      first: "Erika",
      last: "Mustermann",
    });
    expect(same.json.error.id).toBe("console_nothing_to_do");
    const invalid = await change(h, support, customer.id, "name", { first: "E", last: "M" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toMatchObject({
      id: "console_bad_request",
      details: { field: "first" },
    });
  });

  it("resets second factors; passkeys and the password stay", async () => {
    const customer = await createCustomer(h, { prefix: "2fa" });
    const identity = await h.app.deps.persistence.identities.getIdentity(customer.id);
    const now = new Date();
    identity!.credentials.push({
      id: crypto.randomUUID(),
      type: "totp",
      identifiers: [customer.id],
      config: { totp_url: "otpauth://totp/Moos:x?secret=JBSWY3DPEHPK3PXP" },
      version: 0,
      created_at: now,
      updated_at: now,
    });
    await h.app.deps.persistence.identities.updateIdentity(identity!);
    const before = await openCustomer(h, admin, customer.id);
    expect(before.sign_in_methods).toMatchObject({ totp: true, password: true });
    expect(JSON.stringify(before)).not.toMatch(/JBSWY3DPEHPK3PXP|\$argon2/);

    const reset = await change(h, admin, customer.id, "second-factors/reset");
    expect(reset.json.details).toEqual({ methods: ["totp"] });
    const after = await openCustomer(h, admin, customer.id);
    expect(after.sign_in_methods).toMatchObject({ totp: false, password: true });
    expect((await activityOf(h, customer.id))[0]?.type).toBe("support_second_factors_reset");
    await deliveredMail(h, customer.email, /Zwei-Faktor-Anmeldung bei Moos zurückgesetzt/);
    // 1 open (before), the reset, 1 open (after).
    expect((await auditOf(h, { customerId: customer.id })).map((e) => e.action)).toEqual([
      "customer.open",
      "second_factors.reset",
      "customer.open",
    ]);
    const again = await change(h, admin, customer.id, "second-factors/reset");
    expect(again.json.error.id).toBe("console_nothing_to_do");
  });

  it("exports the customer's own file; nothing changes, no notice", async () => {
    const customer = await createCustomer(h, { prefix: "export" });
    await signedInTwice(customer.email);
    const mails = h.mails.length;
    const exported = await change(h, admin, customer.id, "export");
    expect(exported.status).toBe(200);
    expect(exported.json.export).toMatchObject({
      format: "moos-account-export/1",
      profile: { id: customer.id, traits: { email: customer.email } },
      addresses: [{ value: customer.email, verified: true }],
    });
    expect(exported.json.export.sessions).toHaveLength(2);
    expect(exported.json.details).toEqual({ format: "moos-account-export/1", sessions: 2 });
    await oneNewEntry(customer.id, 0, "data.export", admin);
    expect((await activityOf(h, customer.id)).some((e) => e.type.startsWith("support_"))).toBe(
      false,
    );
    expect(h.mails.slice(mails).filter((m) => m.to === customer.email)).toEqual([]);
  });

  it("deletes after the typed email; the audit outlives the account", async () => {
    const customer = await createCustomer(h, { prefix: "delete" });
    const wrong = await change(h, admin, customer.id, "delete", { confirm: "other@example.com" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({
      id: "console_bad_request",
      details: { field: "confirm" },
    });
    const deleted = await change(h, admin, customer.id, "delete", {
      confirm: customer.email.toUpperCase(),
    });
    expect(deleted.status).toBe(200);
    expect((await failure(h.identityApi().getIdentity({ id: customer.id }))).status).toBe(404);
    await oneNewEntry(customer.id, 0, "account.delete", admin);
    await deliveredMail(h, customer.email, /gelöscht/);
    expect((await consoleCall(h, admin, "GET", `/customers/${customer.id}`)).status).toBe(404);
  });
});

describe("resending the waiting recovery code", () => {
  it("sends the customer a fresh code for the flow they have open; the old one stops working", async () => {
    const customer = await createCustomer(h, { prefix: "resend" });
    const nothing = await change(h, support, customer.id, "resend", { kind: "recovery" });
    expect(nothing.status).toBe(409);
    expect(nothing.json.error.id).toBe("console_nothing_to_do");

    const b = h.browser();
    const flow = await b.api.createBrowserRecoveryFlow();
    let mark = h.mails.length;
    await b.api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: "code", csrf_token: csrfOf(flow), email: customer.email },
    });
    const first = await h.codeFor(customer.email, { after: mark });
    mark = h.mails.length;
    const resent = await change(h, support, customer.id, "resend", { kind: "recovery" });
    expect(resent.status).toBe(200);
    expect(resent.json.details).toEqual({ kind: "recovery", flow_id: flow.id });
    const second = await h.codeFor(customer.email, { after: mark });
    expect(second).not.toBe(first);
    const entry = await oneNewEntry(customer.id, 0, "email.resend", support);
    for (const text of [JSON.stringify(resent.json), JSON.stringify(entry)]) {
      expect(text).not.toContain(first);
      expect(text).not.toContain(second);
    }
    const old = await b.api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: "code", csrf_token: csrfOf(flow), code: first },
    });
    expect(old.ui.messages?.map((m) => m.id)).toEqual([4060006]);
    const used = await failure(
      b.api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: "code", csrf_token: csrfOf(flow), code: second },
      }),
    );
    expect(used.status).toBe(422);
    const page = await openCustomer(h, support, customer.id);
    expect(page.emails.filter((e) => e.template_type === "recovery_code_valid")).toHaveLength(2);
    expect(JSON.stringify(page.emails)).not.toContain(second);
  });

  it("has nothing to resend for a verified address", async () => {
    const customer = await createCustomer(h, { prefix: "verified" });
    const nothing = await change(h, support, customer.id, "resend", { kind: "verification" });
    expect(nothing.json.error.id).toBe("console_nothing_to_do");
    const bad = await change(h, support, customer.id, "resend", { kind: "password" });
    expect(bad.json.error).toMatchObject({ id: "console_bad_request", details: { field: "kind" } });
  });
});

describe("search", () => {
  it("finds by exact email, id and the start of a name, masked; the audit keeps the kind only", async () => {
    const email = `zora-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const customer = await createCustomer(h, { email, first: "Zoraida", last: "Quellwasser" });
    const search = async (q: string) =>
      (await consoleCall(h, support, "GET", `/customers?q=${encodeURIComponent(q)}`))
        .json as CustomerSearchAnswer;
    const expected = {
      id: customer.id,
      email_masked: "z***@example.org",
      name_masked: "Zoraida Q.",
      state: "active",
      locked: false,
    };
    expect(await search(email.toUpperCase())).toMatchObject({
      query_kind: "email",
      results: [expected],
    });
    expect(await search(customer.id)).toMatchObject({ query_kind: "id", results: [expected] });
    for (const q of ["Zo", "zoraida", "Zoraida Qu", "quell", "QUELLWASSER"])
      expect(
        (await search(q)).results.map((r) => r.id),
        q,
      ).toContain(customer.id);
    expect((await search("Zoraida X")).results).toEqual([]);
    expect((await search("nobody@example.org")).results).toEqual([]);

    const entries = await auditOf(h, { staffId: support.id });
    const searches = entries.filter((e) => e.action === "customer.search").slice(0, 9);
    // Newest first: the email and id searches, five names, one without a hit, another email.
    expect(searches.map((e) => e.details.query_kind)).toEqual([
      "email",
      "name",
      ...Array(5).fill("name"),
      "id",
      "email",
    ]);
    expect(searches.every((e) => e.target_id === null)).toBe(true);
    expect(JSON.stringify(searches)).not.toMatch(/zora|Quell|quell|ZORA/);
  });

  it("refuses a too short or malformed search with console_search_invalid", async () => {
    for (const q of ["", "Z", "a@b", "12345", "%_%", "x".repeat(201)]) {
      const answer = await consoleCall(h, support, "GET", `/customers?q=${encodeURIComponent(q)}`);
      expect(answer.status, q).toBe(400);
      expect(answer.json.error.id, q).toBe("console_search_invalid");
    }
    const limit = await consoleCall(h, support, "GET", "/customers?q=Erika&limit=500");
    expect(limit.json.error).toMatchObject({
      id: "console_bad_request",
      details: { field: "limit" },
    });
  });
});

describe("the customer page", () => {
  it("shows sessions, activity with failed sign-ins, emails and sign-in methods, never a secret", async () => {
    const customer = await createCustomer(h, { prefix: "page" });
    expect(await browserSignIn(h, h.browser(), customer.email, { password: "Falsch-2026-x" })).toBe(
      400,
    );
    expect(await browserSignIn(h, h.browser(), customer.email)).toBe(200);
    await deliveredMail(h, customer.email, /Neue Anmeldung/);
    const page: ConsoleCustomer = await openCustomer(h, support, customer.id);
    expect(page).toMatchObject({
      id: customer.id,
      traits: { email: customer.email, name: { first: "Erika", last: "Mustermann" } },
      verifiable_addresses: [{ value: customer.email, verified: true }],
      newsletter: { status: null, pending: null, history: [] },
      sign_in_methods: {
        password: true,
        passkeys: [],
        totp: false,
        backup_codes_left: null,
        security_keys: 0,
        social: [],
      },
      lock: { locked: false },
      staff_role: null,
    });
    expect(page.version).toMatch(/^[\w-]{22}$/);
    expect(page.sessions[0]).toMatchObject({ device: "Firefox on Windows", aal: "aal1" });
    expect(page.sessions[0]?.ip_address).toBeTruthy();
    expect(page.activity.map((e) => [e.type, e.notice_sent])).toEqual([
      ["login_new_device", true],
      ["login_failed", false],
    ]);
    expect(page.activity[1]).toMatchObject({ count: 1, device: "Firefox on Windows" });
    expect(page.emails[0]).toMatchObject({
      to: customer.email,
      template_type: "security_notice",
      status: "sent",
      // Kratos's send_count counts failed tries.
      send_count: 0,
      last_error: null,
    });
    expect(page.audit[0]).toMatchObject({ action: "customer.open", staff_id: support.id });
    expect(JSON.stringify(page)).not.toMatch(/argon2|hashed_password|token|code_hash/);
    expect(firefoxOnWindows).toContain("Windows");
    expect(password).toBeTruthy();
  });

  it("answers an unknown or malformed id with 404", async () => {
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      const answer = await consoleCall(h, support, "GET", `/customers/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.json.error.id).toBe("console_customer_not_found");
      const lock = await consoleCall(h, support, "POST", `/customers/${id}/lock`, {
        body: { reason: "Kundin hat angerufen", expected_version: "x", until: null },
      });
      expect(lock.json.error.id).toBe("console_customer_not_found");
    }
  });
});

describe("what changes nothing", () => {
  it("refuses a change when the account changed since the page was loaded", async () => {
    const customer = await createCustomer(h, { prefix: "conflict" });
    const page = await openCustomer(h, support, customer.id);
    await h.identityApi().patchIdentity({
      id: customer.id,
      jsonPatch: [{ op: "replace", path: "/traits/name/first", value: "Erik" }],
    });
    const stale = await consoleCall(h, support, "POST", `/customers/${customer.id}/name`, {
      body: { reason: "Tippfehler", expected_version: page.version, first: "Erika", last: "M" },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error.id).toBe("console_conflict");
    const identity = await h.identityApi().getIdentity({ id: customer.id });
    expect(identity.traits).toMatchObject({ name: { first: "Erik", last: "Mustermann" } });
    expect((await auditOf(h, { customerId: customer.id })).map((e) => e.action)).toEqual([
      "customer.open",
    ]);
  });

  it("needs a reason", async () => {
    const customer = await createCustomer(h, { prefix: "reason" });
    const page = await openCustomer(h, support, customer.id);
    for (const reason of [undefined, "", "ok"]) {
      const answer = await consoleCall(h, support, "POST", `/customers/${customer.id}/lock`, {
        body: { reason, expected_version: page.version, until: null },
      });
      expect(answer.status).toBe(400);
      expect(answer.json.error.id).toBe("console_reason_required");
    }
    const until = await consoleCall(h, support, "POST", `/customers/${customer.id}/lock`, {
      body: { reason: "Betrugsverdacht", expected_version: page.version, until: "gestern" },
    });
    expect(until.json.error).toMatchObject({
      id: "console_bad_request",
      details: { field: "until" },
    });
    const past = await consoleCall(h, support, "POST", `/customers/${customer.id}/lock`, {
      body: {
        reason: "Betrugsverdacht",
        expected_version: page.version,
        until: "2020-01-01T00:00:00Z",
      },
    });
    expect(past.json.error).toMatchObject({
      id: "console_bad_request",
      details: { field: "until" },
    });
    expect(await h.app.deps.persistence.locks.activeLock(customer.id, new Date())).toBeUndefined();
  });
});
