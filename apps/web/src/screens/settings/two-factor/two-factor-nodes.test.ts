import type { UiNode, UiText } from "@ory/client-fetch";
import { describe, expect, it } from "vitest";
import { csrfNode, inputNode } from "../../../flow-engine/testing/fixtures";
import {
  backupCodesFile,
  backupCodesState,
  hasTwoFactorNodes,
  totpState,
  twoFactorSettingsBody,
} from "./two-factor-nodes";

const format = (text: UiText): string =>
  `#${text.id}${text.context ? JSON.stringify(text.context) : ""}`;
const label = (id: number) => ({ id, text: String(id), type: "info" as const });

function node(type: "img" | "text", group: UiNode["group"], attributes: object, meta = {}): UiNode {
  return {
    type,
    group,
    attributes: { ...attributes, node_type: type },
    messages: [],
    meta,
  } as unknown as UiNode;
}

// Kratos's settings nodes for an identity without TOTP (selfservice/strategy/totp snapshots).
const totpSetup = [
  csrfNode,
  node(
    "img",
    "totp",
    { id: "totp_qr", src: "data:image/png;base64,AAAA", width: 256, height: 256 },
    {
      label: label(1050005),
    },
  ),
  node("text", "totp", {
    id: "totp_secret_key",
    text: {
      id: 1050006,
      text: "JBSWY3DPEHPK3PXP",
      type: "info",
      context: { secret: "JBSWY3DPEHPK3PXP" },
    },
  }),
  inputNode("totp_code", { group: "totp", required: true, label: label(1070006) }),
  inputNode("method", { group: "totp", type: "submit", value: "totp", label: label(1070003) }),
];

describe("totpState", () => {
  it("reads the QR code, the secret and the code field of a setup", () => {
    const state = totpState(totpSetup, format);
    expect(state).toMatchObject({
      kind: "setup",
      qr: { src: "data:image/png;base64,AAAA", width: 256, height: 256 },
      qrLabel: "#1050005",
      secret: "JBSWY3DPEHPK3PXP",
    });
  });

  it("offers removal once the app is set up", () => {
    const nodes = [
      csrfNode,
      inputNode("totp_unlink", {
        group: "totp",
        type: "submit",
        value: "true",
        label: label(1050004),
      }),
    ];
    expect(totpState(nodes, format)).toEqual({ kind: "enabled", unlinkLabel: "#1050004" });
  });

  it("is undefined when the flow has no totp nodes", () => {
    expect(totpState([csrfNode], format)).toBeUndefined();
  });
});

const used: UiText = {
  id: 1050014,
  text: "Used",
  type: "info",
  context: { used_at: "2026-11-22T10:00:00Z", used_at_unix: 1795341600 },
};

describe("backupCodesState", () => {
  it("lists the revealed codes, used ones by their note, and the buttons in a fixed order", () => {
    const nodes = [
      csrfNode,
      inputNode("lookup_secret_regenerate", {
        group: "lookup_secret",
        type: "submit",
        value: "true",
        label: label(1050008),
      }),
      inputNode("lookup_secret_disable", {
        group: "lookup_secret",
        type: "submit",
        value: "true",
        label: label(1050016),
      }),
      node("text", "lookup_secret", {
        id: "lookup_secret_codes",
        text: {
          id: 1050015,
          text: "a1b2c3d4, <used>",
          type: "info",
          context: {
            secrets: [
              { id: 1050009, text: "a1b2c3d4", type: "info", context: { secret: "a1b2c3d4" } },
              used,
            ],
          },
        },
      }),
    ];
    const state = backupCodesState(nodes, format);
    expect(state?.codes).toEqual([
      { code: "a1b2c3d4", usedText: undefined, masked: false },
      { code: undefined, usedText: format(used), masked: false },
    ]);
    expect(state?.actions.map((action) => action.name)).toEqual([
      "lookup_secret_regenerate",
      "lookup_secret_disable",
    ]);
  });

  it("keeps codes the identity service shows masked out of the list and the download", () => {
    const nodes = [
      node("text", "lookup_secret", {
        id: "lookup_secret_codes",
        text: {
          id: 1050015,
          text: "********",
          type: "info",
          context: {
            secrets: [
              { id: 1050009, text: "********", type: "info", context: { secret: "********" } },
            ],
          },
        },
      }),
    ];
    const codes = backupCodesState(nodes, format)?.codes ?? [];
    expect(codes).toEqual([{ code: undefined, usedText: undefined, masked: true }]);
    expect(backupCodesFile(codes, "Moos")).toBe("Moos\n\n\n");
  });

  it("puts confirming new codes first", () => {
    const nodes = [
      inputNode("lookup_secret_reveal", {
        group: "lookup_secret",
        type: "submit",
        value: "true",
        label: label(1050007),
      }),
      inputNode("lookup_secret_confirm", {
        group: "lookup_secret",
        type: "submit",
        value: "true",
        label: label(1050011),
      }),
    ];
    expect(backupCodesState(nodes, format)?.actions).toEqual([
      { name: "lookup_secret_confirm", label: "#1050011" },
      { name: "lookup_secret_reveal", label: "#1050007" },
    ]);
  });

  it("writes the unused codes into the download, one a line", () => {
    expect(
      backupCodesFile(
        [
          { code: "a1b2c3d4", usedText: undefined },
          { code: undefined, usedText: "used" },
          { code: "e5f6g7h8", usedText: undefined },
        ],
        "Moos",
      ),
    ).toBe("Moos\n\na1b2c3d4\ne5f6g7h8\n");
  });
});

describe("twoFactorSettingsBody", () => {
  const base = { csrf_token: "t", flow: "f", locale: "de" };

  it("sends a TOTP code, or the removal", () => {
    expect(twoFactorSettingsBody({ ...base, method: "totp", totp_code: " 123456 " }, "de")).toEqual(
      {
        method: "totp",
        totp_code: "123456",
        csrf_token: "t",
        transient_payload: { locale: "de" },
      },
    );
    expect(
      twoFactorSettingsBody({ ...base, method: "totp", totp_unlink: "true" }, "de"),
    ).toMatchObject({
      method: "totp",
      totp_unlink: true,
    });
  });

  it("sends only the pressed backup-code button", () => {
    expect(
      twoFactorSettingsBody(
        { ...base, method: "lookup_secret", lookup_secret_confirm: "true" },
        "en",
      ),
    ).toEqual({
      method: "lookup_secret",
      lookup_secret_confirm: true,
      csrf_token: "t",
      transient_payload: { locale: "en" },
    });
    expect(twoFactorSettingsBody({ ...base, method: "lookup_secret" }, "en")).toBeUndefined();
  });

  it("registers or removes keys", () => {
    expect(
      twoFactorSettingsBody({ ...base, method: "passkey", passkey_settings_register: "{}" }, "de"),
    ).toMatchObject({ method: "passkey", passkey_settings_register: "{}" });
    expect(
      twoFactorSettingsBody({ ...base, method: "passkey", passkey_remove: "abc" }, "de"),
    ).toMatchObject({
      method: "passkey",
      passkey_remove: "abc",
    });
    expect(
      twoFactorSettingsBody(
        {
          ...base,
          method: "webauthn",
          webauthn_register: "{}",
          webauthn_register_displayname: " Schlüssel ",
        },
        "de",
      ),
    ).toMatchObject({
      method: "webauthn",
      webauthn_register: "{}",
      webauthn_register_displayname: "Schlüssel",
    });
  });

  it("refuses other methods", () => {
    expect(
      twoFactorSettingsBody({ ...base, method: "password", password: "x" }, "de"),
    ).toBeUndefined();
  });

  it("tells whether the flow offers any second factor", () => {
    expect(hasTwoFactorNodes(totpSetup)).toBe(true);
    expect(hasTwoFactorNodes([csrfNode, inputNode("password", { group: "password" })])).toBe(false);
  });
});
