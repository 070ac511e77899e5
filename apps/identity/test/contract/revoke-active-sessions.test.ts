import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.ts";
import { startHarness } from "../support/harness.ts";
import { pgliteCopy } from "../support/pglite-template.ts";
import {
  createAccount,
  csrfOf,
  failure,
  signInBrowser,
  signInNative,
  uniqueEmail,
} from "./account-helpers.ts";

// Kratos's revoke_active_sessions hook, configured after login, after a password change in
// settings and after recovery: the account keeps the one session the flow signed in with.
// Devices are apps holding session tokens, which outlive a restart of the service.

// The devices' sessions must outlive a restart: a database in a folder, not in memory.
const database = pgliteCopy();

const revoke = [{ hook: "revoke_active_sessions" }];
const withHooks = () => ({
  selfservice: {
    flows: {
      login: { after: { hooks: [{ hook: "require_verified_address" }, ...revoke] } },
      settings: { after: { password: { hooks: revoke } } },
      recovery: { after: { hooks: revoke } },
    },
  },
});

async function isSignedIn(h: Harness, token: string): Promise<boolean> {
  const call = h.native().toSession({ xSessionToken: token });
  try {
    await call;
    return true;
  } catch {
    expect((await failure(call)).status).toBe(401);
    return false;
  }
}

let h: Harness;
const accounts = {
  login: uniqueEmail("revoke-login"),
  settings: uniqueEmail("revoke-settings"),
  recovery: uniqueEmail("revoke-recovery"),
};
/** Each account's devices, signed in before the hooks were configured. */
const devices: Record<keyof typeof accounts, string[]> = { login: [], settings: [], recovery: [] };

beforeAll(async () => {
  const before = await startHarness({}, { dsn: database.dsn });
  try {
    for (const [name, email] of Object.entries(accounts) as [keyof typeof accounts, string][]) {
      await createAccount(before, email);
      devices[name].push(await signInNative(before, email), await signInNative(before, email));
    }
    // Without the hook every device stays signed in.
    for (const token of devices.login) expect(await isSignedIn(before, token)).toBe(true);
  } finally {
    await before.close();
  }
  h = await startHarness(withHooks(), { dsn: database.dsn });
}, 120_000);
afterAll(async () => {
  await h?.close();
  database.remove();
});

describe("revoke_active_sessions", () => {
  it("after a sign-in, signs the account out on every other device", async () => {
    const third = await signInNative(h, accounts.login);
    for (const token of devices.login) expect(await isSignedIn(h, token)).toBe(false);
    expect(await isSignedIn(h, third)).toBe(true);

    // A browser's sign-in keeps its own session and ends the app's.
    const browser = await signInBrowser(h, accounts.login);
    expect((await browser.api.toSession()).identity?.traits.email).toBe(accounts.login);
    expect(await isSignedIn(h, third)).toBe(false);
  });

  it("after a password change in settings, keeps only the session that changed it", async () => {
    const [other, changing] = devices.settings as [string, string];
    const api = h.native();
    const flow = await api.createNativeSettingsFlow({ xSessionToken: changing });
    const saved = await api.updateSettingsFlow({
      flow: flow.id,
      xSessionToken: changing,
      updateSettingsFlowBody: { method: "password", password: "Ein-neues-Moos-Passwort-2026" },
    });
    expect(saved.state).toBe("success");
    expect(await isSignedIn(h, changing)).toBe(true);
    expect(await isSignedIn(h, other)).toBe(false);
  });

  it("after recovery, keeps only the recovering browser's session", async () => {
    const email = accounts.recovery;
    const recovering = h.browser();
    const recovery = await recovering.api.createBrowserRecoveryFlow();
    const mark = h.mails.length;
    await recovering.api.updateRecoveryFlow({
      flow: recovery.id,
      updateRecoveryFlowBody: { method: "code", csrf_token: csrfOf(recovery), email },
    });
    const code = await h.codeFor(email, { after: mark });
    const recovered = await failure(
      recovering.api.updateRecoveryFlow({
        flow: recovery.id,
        updateRecoveryFlowBody: { method: "code", csrf_token: csrfOf(recovery), code },
      }),
    );
    // A JSON client in a browser is sent on to the settings UI, signed in.
    expect(recovered.status).toBe(422);
    for (const token of devices.recovery) expect(await isSignedIn(h, token)).toBe(false);
    expect((await recovering.api.toSession()).identity?.traits.email).toBe(email);
  });
});
