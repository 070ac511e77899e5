import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { outboxMails } from "../support/safety.ts";
import { createAccount, signInBrowser, uniqueEmail } from "./account-helpers.ts";
import { settingsFlow, setUpTotp, submitSettings, with2fa } from "./second-factor-helpers.ts";

// docs/account-safety.md#security-notices: adding or removing a second factor is told by email, as is every change of the
// ways into the account (settings compares the account before and after each change).

let h: Harness;
beforeAll(async () => {
  h = await startHarness(with2fa());
});
afterAll(async () => h?.close());

describe("notices of second factors", () => {
  it("tells an authenticator app and backup codes being set up and removed", async () => {
    const email = uniqueEmail("2fa-notice");
    await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    await setUpTotp(h, browser);

    const regenerated = await submitSettings(h, browser, await settingsFlow(browser), {
      method: "lookup_secret",
      lookup_secret_regenerate: true,
    });
    expect(regenerated.status).toBe(200);
    const confirmed = await submitSettings(h, browser, regenerated.json, {
      method: "lookup_secret",
      lookup_secret_confirm: true,
    });
    expect(confirmed.status).toBe(200);
    const unlinked = await submitSettings(h, browser, await settingsFlow(browser), {
      method: "totp",
      totp_unlink: true,
    });
    expect(unlinked.status).toBe(200);

    const notices = await outboxMails(h, email, "security_notice");
    expect(notices.map((n) => n.subject)).toEqual([
      "Neue Anmeldung bei deinem Moos-Konto",
      "Zwei-Faktor-Anmeldung bei Moos geändert",
      "Zwei-Faktor-Anmeldung bei Moos geändert",
      "Zwei-Faktor-Anmeldung bei Moos geändert",
    ]);
    expect(notices[1]?.body).toContain(
      "wurde gerade Folgendes eingerichtet: eine Authenticator-App.",
    );
    expect(notices[2]?.body).toContain("eingerichtet: Backup-Codes.");
    expect(notices[3]?.body).toContain("entfernt: eine Authenticator-App.");
  });
});
