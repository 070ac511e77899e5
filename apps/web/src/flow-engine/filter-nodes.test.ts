import { describe, expect, it } from "vitest";
import { filterNodesByGroups } from "./filter-nodes";
import { csrfNode, inputNode, scriptNode } from "./testing/fixtures";

const identifier = inputNode("identifier");
const password = inputNode("password", { group: "password", type: "password" });
const passwordSubmit = inputNode("method", {
  group: "password",
  type: "submit",
  value: "password",
});
const oidcSubmit = inputNode("provider", { group: "oidc", type: "submit", value: "google" });
const webauthnScript = scriptNode("webauthn");
const webauthnInput = inputNode("webauthn_login_trigger", { group: "webauthn", type: "button" });
const totpCode = inputNode("totp_code", { group: "totp", type: "text" });
const nodes = [
  csrfNode,
  identifier,
  password,
  passwordSubmit,
  oidcSubmit,
  webauthnScript,
  webauthnInput,
  totpCode,
];

const names = (list: ReturnType<typeof filterNodesByGroups>): string[] =>
  list.map(
    (node) =>
      (node.attributes as { name?: string; id?: string }).name ??
      (node.attributes as { id: string }).id,
  );

describe("filterNodesByGroups (SPEC.md §5)", () => {
  it("keeps every node when nothing is filtered", () => {
    expect(filterNodesByGroups(nodes)).toEqual(nodes);
  });

  it("always includes the default group with the asked groups", () => {
    expect(names(filterNodesByGroups(nodes, { groups: ["password"] }))).toEqual([
      "csrf_token",
      "identifier",
      "password",
      "method",
    ]);
  });

  it("leaves the default group out when told to", () => {
    expect(
      names(filterNodesByGroups(nodes, { groups: ["password"], withoutDefaultGroup: true })),
    ).toEqual(["password", "method"]);
  });

  it("accepts groups as a comma-separated string", () => {
    expect(
      names(filterNodesByGroups(nodes, { groups: "password,oidc", withoutDefaultGroup: true })),
    ).toEqual(["password", "method", "provider"]);
  });

  it("lets hidden default-group nodes through an attribute filter", () => {
    expect(names(filterNodesByGroups(nodes, { groups: ["oidc"], attributes: ["submit"] }))).toEqual(
      ["csrf_token", "provider"],
    );
  });

  it("does not let hidden nodes of other groups through", () => {
    const hiddenCode = inputNode("method", { group: "code", type: "hidden", value: "code" });
    expect(filterNodesByGroups([hiddenCode], { groups: ["code"], attributes: ["submit"] })).toEqual(
      [],
    );
  });

  it("lets webauthn and totp inputs and scripts through an attribute filter", () => {
    expect(
      names(
        filterNodesByGroups(nodes, {
          groups: ["webauthn", "totp"],
          withoutDefaultGroup: true,
          attributes: ["submit"],
        }),
      ),
    ).toEqual(["webauthn_script", "webauthn_login_trigger", "totp_code"]);
  });

  it("does not let scripts of other groups through", () => {
    expect(
      filterNodesByGroups([scriptNode("passkey")], { groups: ["passkey"], attributes: ["submit"] }),
    ).toEqual([]);
  });

  it("drops excluded attribute types", () => {
    expect(
      names(
        filterNodesByGroups(nodes, {
          groups: ["password"],
          excludeAttributes: ["submit", "hidden"],
        }),
      ),
    ).toEqual(["identifier", "password"]);
  });

  it("filters by attributes alone across all groups, with the same allowances", () => {
    expect(names(filterNodesByGroups(nodes, { attributes: "password" }))).toEqual([
      "csrf_token",
      "password",
      "webauthn_script",
      "webauthn_login_trigger",
      "totp_code",
    ]);
  });

  it("shows a second-factor step's code forms with the csrf token (a Kratos aal2 flow)", () => {
    const aal2 = [
      csrfNode,
      inputNode("identifier", { type: "hidden", value: "anna@example.com" }),
      inputNode("totp_code", { group: "totp" }),
      inputNode("method", { group: "totp", type: "submit", value: "totp" }),
      inputNode("lookup_secret", { group: "lookup_secret" }),
      inputNode("method", { group: "lookup_secret", type: "submit", value: "lookup_secret" }),
      scriptNode("webauthn"),
      inputNode("webauthn_login", { group: "webauthn", type: "hidden" }),
    ];
    expect(
      names(filterNodesByGroups(aal2, { groups: ["totp", "webauthn"], attributes: ["submit"] })),
    ).toEqual([
      "csrf_token",
      "identifier",
      "totp_code",
      "method",
      "webauthn_script",
      "webauthn_login",
    ]);
  });
});
