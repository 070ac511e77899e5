import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { parsePrometheus } from "../support/prometheus.ts";
import { outboxMails } from "../support/safety.ts";
import { SoftwareAuthenticator } from "../support/software-authenticator.ts";
import { webauthnOrigin, webauthnRpId } from "../support/webauthn-config.ts";
import {
  body,
  createAccount,
  csrfOf,
  type Json,
  signInBrowser,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";
import {
  ceremonyOptionsOf,
  nodeOf,
  settingsFlow,
  submitLogin,
  submitSettings,
  whoami,
} from "./second-factor-helpers.ts";

// From password to passkey (docs/sign-in-methods.md#from-password-to-passkey), over HTTP with
// a software authenticator: the automatic upgrade's own challenge in the settings flow right
// after a password sign-in, a passkey made without user presence accepted there and nowhere
// else; the shop's site as a related origin (/.well-known/webauthn, its assertions accepted,
// another site's refused); and the passkeys created counted by path.

/** The AAGUID Google Password Manager's passkeys carry (https://github.com/passkeydeveloper/passkey-authenticator-aaguids). */
const googlePasswordManager = "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4";

const shopOrigin = "https://www.moos-shop.example";
const relyingParty = {
  id: webauthnRpId,
  display_name: "Moos",
  origins: [webauthnOrigin],
  related_origins: [shopOrigin],
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    selfservice: { methods: { passkey: { enabled: true, config: { rp: relyingParty } } } },
  });
});
afterAll(async () => h?.close());

/** A password account signed in just now, and its settings flow. */
async function freshPasswordSession(
  prefix: string,
): Promise<{ email: string; browser: Browser; flow: Json }> {
  const email = uniqueEmail(prefix);
  await createAccount(h, email);
  const browser = await signInBrowser(h, email);
  return { email, browser, flow: await settingsFlow(browser) };
}

async function loginFlow(browser: Browser): Promise<Json> {
  return (await body(browser.api.createBrowserLoginFlowRaw({}), "loginFlow")).json;
}

/** `moos_identity_passkeys_created_total` by path. */
async function passkeysCreated(): Promise<Record<string, number>> {
  const scrape = parsePrometheus(await (await fetch(`${h.adminUrl}/metrics`)).text());
  const paths = ["sign_up", "offer", "automatic", "settings"];
  return Object.fromEntries(
    paths.map((path) => [path, scrape.value("moos_identity_passkeys_created_total", { path })]),
  );
}

describe("the automatic passkey upgrade", () => {
  it("registers the passkey a password manager made without asking, as one added in settings", async () => {
    const { email, browser, flow } = await freshPasswordSession("upgrade");
    const upgrade = nodeOf(flow, "passkey_upgrade_data");
    expect(upgrade).toMatchObject({ group: "passkey", attributes: { type: "hidden" } });
    const options = ceremonyOptionsOf(flow, "passkey_upgrade_data");
    expect(options.publicKey).toMatchObject({ rp: { id: webauthnRpId }, user: { name: email } });
    expect(options.publicKey.challenge).not.toBe(
      ceremonyOptionsOf(flow, "passkey_create_data").publicKey.challenge,
    );

    const before = await passkeysCreated();
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    const { status, json } = await submitSettings(h, browser, flow, {
      method: "passkey",
      passkey_upgrade_register: key.register(options, {
        withoutPresence: true,
        aaguid: googlePasswordManager,
      }),
    });
    expect(status).toBe(200);
    expectSchema("settingsFlow", json);
    expect(json.ui.messages.map((m: Json) => m.id)).toEqual([1050001]);
    // Listed with where it lives: the password manager that made it.
    expect(nodeOf(json, "passkey_remove")?.meta.label.context).toMatchObject({
      display_name: "Google Password Manager",
    });
    expect(nodeOf(json, "passkey_upgrade_data")).toBeUndefined();
    // Nobody was seen using it: the session's methods stay the password's.
    const session = await whoami(h, browser);
    expect(session.json.authentication_methods.map((m: Json) => m.method)).toEqual(["password"]);
    const notices = await outboxMails(h, email, "security_notice");
    expect(notices.map((n) => n.subject)).toContain("Neuer Passkey für dein Moos-Konto");
    expect((await passkeysCreated()).automatic).toBe((before.automatic ?? 0) + 1);

    const other = h.browser();
    const login = await loginFlow(other);
    const signIn = await submitLogin(h, other, login, {
      method: "passkey",
      passkey_login: key.assert(ceremonyOptionsOf(login, "passkey_challenge")),
    });
    expect(signIn.status).toBe(200);
    expect((await whoami(h, other)).json.identity.traits.email).toBe(email);
    // An account with a passkey is not offered another upgrade.
    const again = await settingsFlow(await signInBrowser(h, email));
    expect(nodeOf(again, "passkey_upgrade_data")).toBeUndefined();
  });

  it("accepts no passkey without user presence anywhere else", async () => {
    const { browser, flow } = await freshPasswordSession("upgrade-presence");
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    const attempts = [
      // The settings button's ceremony, answered without presence.
      (current: Json) => ({
        passkey_settings_register: key.register(ceremonyOptionsOf(current, "passkey_create_data"), {
          withoutPresence: true,
        }),
      }),
      // The upgrade's answer posted as a settings passkey: another challenge.
      (current: Json) => ({
        passkey_settings_register: key.register(
          ceremonyOptionsOf(current, "passkey_upgrade_data"),
          { withoutPresence: true },
        ),
      }),
      // The settings button's answer posted as the upgrade: another challenge too.
      (current: Json) => ({
        passkey_upgrade_register: key.register(ceremonyOptionsOf(current, "passkey_create_data")),
      }),
    ];
    let current = flow;
    for (const attempt of attempts) {
      const { status, json } = await submitSettings(h, browser, current, {
        method: "passkey",
        ...attempt(current),
      });
      expect(status).toBe(400);
      expect(nodeOf(json, "passkey_remove")).toBeUndefined();
      current = json;
    }
  });

  it("is offered only within five minutes of a password sign-in", async () => {
    const { browser, flow } = await freshPasswordSession("upgrade-late");
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    const made = key.register(ceremonyOptionsOf(flow, "passkey_upgrade_data"), {
      withoutPresence: true,
    });
    const realNow = h.app.deps.now;
    h.app.deps.now = () => new Date(realNow().getTime() + 6 * 60_000);
    try {
      expect(nodeOf(await settingsFlow(browser), "passkey_upgrade_data")).toBeUndefined();
      const late = await submitSettings(h, browser, flow, {
        method: "passkey",
        passkey_upgrade_register: made,
      });
      expect(late.status).toBe(400);
      expect(nodeOf(late.json, "passkey_remove")).toBeUndefined();
    } finally {
      h.app.deps.now = realNow;
    }
  });
});

describe("the shop as a related origin", () => {
  it("lists the related origins at /.well-known/webauthn", async () => {
    const res = await fetch(`${h.publicUrl}/.well-known/webauthn`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ origins: [shopOrigin] });
  });

  it("accepts a passkey sign-in from the shop's site and refuses one from another site", async () => {
    const { email, browser, flow } = await freshPasswordSession("related");
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    const added = await submitSettings(h, browser, flow, {
      method: "passkey",
      passkey_settings_register: key.register(ceremonyOptionsOf(flow, "passkey_create_data")),
    });
    expect(added.status).toBe(200);

    const stranger = h.browser();
    const refused = await loginFlow(stranger);
    const other = await submitLogin(h, stranger, refused, {
      method: "passkey",
      passkey_login: key.assert(ceremonyOptionsOf(refused, "passkey_challenge"), {
        origin: "https://www.other-shop.example",
      }),
    });
    expect(other.status).toBe(400);
    expect(other.json.ui.messages.map((m: Json) => m.id)).toEqual([4000043]);

    const shop = h.browser();
    const login = await loginFlow(shop);
    const signIn = await submitLogin(h, shop, login, {
      method: "passkey",
      passkey_login: key.assert(ceremonyOptionsOf(login, "passkey_challenge"), {
        origin: shopOrigin,
      }),
    });
    expect(signIn.status).toBe(200);
    expect((await whoami(h, shop)).json.identity.traits.email).toBe(email);
  });

  it("takes registrations from the account's own origins only", async () => {
    const { browser, flow } = await freshPasswordSession("related-register");
    const key = new SoftwareAuthenticator(shopOrigin, webauthnRpId);
    const { status } = await submitSettings(h, browser, flow, {
      method: "passkey",
      passkey_settings_register: key.register(ceremonyOptionsOf(flow, "passkey_create_data")),
    });
    expect(status).toBe(400);
  });
});

describe("passkeys created, by path", () => {
  it("counts settings, the offer and sign-up", async () => {
    const before = await passkeysCreated();
    for (const via of [undefined, "offer"]) {
      const { browser, flow } = await freshPasswordSession("counted");
      const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
      const { status } = await submitSettings(h, browser, flow, {
        method: "passkey",
        passkey_settings_register: key.register(ceremonyOptionsOf(flow, "passkey_create_data")),
        ...(via ? { passkey_via: via } : {}),
      });
      expect(status).toBe(200);
    }

    const browser = h.browser();
    const email = uniqueEmail("counted-signup");
    const start = (await body(browser.api.createBrowserRegistrationFlowRaw({}), "registrationFlow"))
      .json;
    const post = async (flow: Json, fields: Record<string, unknown>): Promise<Response> =>
      browser.fetch(`${h.publicUrl}/self-service/registration?flow=${flow.id}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ csrf_token: csrfOf(flow), traits: traitsOf(email), ...fields }),
      });
    const choice = (await (await post(start, { method: "profile" })).json()) as Json;
    const data = JSON.parse(nodeOf(choice, "passkey_create_data")?.attributes.value);
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    const signedUp = await post(choice, {
      method: "passkey",
      passkey_register: key.register(data.credentialOptions),
    });
    expect(signedUp.status).toBe(200);

    const after = await passkeysCreated();
    expect(after.settings).toBe((before.settings ?? 0) + 1);
    expect(after.offer).toBe((before.offer ?? 0) + 1);
    expect(after.sign_up).toBe((before.sign_up ?? 0) + 1);
  });
});
