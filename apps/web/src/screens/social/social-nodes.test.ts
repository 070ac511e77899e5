import type { UiNode } from "@ory/client-fetch";
import { describe, expect, it } from "vitest";
import { csrfNode, inputNode } from "../../flow-engine/testing/fixtures";
import {
  isSocialOnlyStep,
  isSocialRegister,
  socialProviders,
  socialTraitNodes,
} from "./social-nodes";

function oidcButton(name: string, id: string, labelId: number, provider: string): UiNode {
  const node = inputNode(name, { group: "oidc", type: "submit", value: id });
  return {
    ...node,
    meta: {
      label: {
        id: labelId,
        text: `x ${provider}`,
        type: "info",
        context: { provider, provider_id: id },
      },
    },
  } as UiNode;
}

const format = (text: { id: number; context?: object }): string =>
  `${text.id}:${String((text.context as { provider?: string }).provider)}`;

describe("social nodes", () => {
  it("lists the oidc buttons in the service's order with id, display name and label", () => {
    const nodes = [
      oidcButton("provider", "apple", 1010002, "Apple"),
      oidcButton("provider", "google", 1010002, "Google"),
      csrfNode,
      inputNode("identifier", { group: "identifier_first" }),
    ];
    expect(socialProviders(nodes, format)).toEqual([
      { name: "provider", id: "apple", displayName: "Apple", label: "1010002:Apple" },
      { name: "provider", id: "google", displayName: "Google", label: "1010002:Google" },
    ]);
  });

  it("reads link and unlink in settings, and names a provider without context by its id", () => {
    const bare = inputNode("link", { group: "oidc", type: "submit", value: "gitlab" });
    const nodes = [oidcButton("unlink", "google", 1050003, "Google"), bare];
    expect(socialProviders(nodes, format).map((p) => [p.name, p.id, p.displayName])).toEqual([
      ["unlink", "google", "Google"],
      ["link", "gitlab", "Gitlab"],
    ]);
  });

  it("recognises the social register screen by its active method and oidc traits", () => {
    const nodes = [
      csrfNode,
      inputNode("traits.email", { group: "oidc", type: "email" }),
      inputNode("traits.name.first", { group: "oidc", type: "hidden", value: "Jonas" }),
      oidcButton("provider", "facebook", 1040002, "Facebook"),
    ];
    expect(
      socialTraitNodes(nodes).map((node) => (node.attributes as { name: string }).name),
    ).toEqual(["traits.email", "traits.name.first"]);
    expect(isSocialRegister({ active: "oidc", ui: { nodes } })).toBe(true);
    expect(isSocialRegister({ active: "password", ui: { nodes } })).toBe(false);
    expect(isSocialRegister({ active: "oidc", ui: { nodes: [csrfNode] } })).toBe(false);
  });

  it("knows a login step that offers providers instead of a password", () => {
    const identifier = inputNode("identifier", {
      group: "identifier_first",
      type: "hidden",
      value: "lena@example.com",
    });
    const google = oidcButton("provider", "google", 1010002, "Google");
    const password = inputNode("password", { group: "password", type: "password" });
    expect(isSocialOnlyStep([google, csrfNode, identifier])).toBe(true);
    expect(isSocialOnlyStep([csrfNode, identifier, password])).toBe(false);
    // The first step: providers and an empty identifier.
    expect(isSocialOnlyStep([google, csrfNode, inputNode("identifier", { value: "" })])).toBe(
      false,
    );
  });
});
