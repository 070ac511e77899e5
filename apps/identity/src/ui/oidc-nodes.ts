import { MessageId } from "@moos/contract";
import type { Config, OidcProviderConfig } from "../config/config.ts";
import type { OidcLink } from "../identity/oidc-credentials.ts";
import { submitNode, type UiNode } from "./nodes.ts";
import { uiText } from "./text.ts";

// Social sign-in nodes (docs/protocol.md#ui-nodes, group `oidc`): one submit per provider named
// `provider` on login and registration, `link` / `unlink` in settings. The label context
// carries the display name and the id, so a UI can pick a logo by id and a text by message id.

export function enabledOidcProviders(config: Readonly<Config>): readonly OidcProviderConfig[] {
  const { oidc } = config.selfservice.methods;
  return oidc.enabled ? oidc.config.providers : [];
}

export type OidcButtonPurpose = "login" | "registration" | "confirm";

const buttonMessage = {
  login: MessageId.signInWithProvider,
  registration: MessageId.signUpWithProvider,
  confirm: MessageId.confirmWithProvider,
} as const;

export function oidcButtonNodes(
  providers: readonly Pick<OidcProviderConfig, "id" | "label">[],
  purpose: OidcButtonPurpose,
): UiNode[] {
  return providers.map((p) =>
    submitNode(
      "oidc",
      "provider",
      p.id,
      uiText(buttonMessage[purpose], { provider: p.label, provider_id: p.id }),
    ),
  );
}

/** Enabled providers whose id the identity has linked. */
export function linkedProviders(
  config: Readonly<Config>,
  links: readonly OidcLink[],
): OidcProviderConfig[] {
  return enabledOidcProviders(config).filter((p) => links.some((l) => l.provider === p.id));
}

/**
 * Settings: `link` for every enabled provider not linked yet, `unlink` for linked ones, the
 * latter only while another way to sign in remains (Kratos hides them otherwise too).
 */
export function oidcSettingsNodes(
  config: Readonly<Config>,
  links: readonly OidcLink[],
  options: { canUnlink: boolean },
): UiNode[] {
  return enabledOidcProviders(config).flatMap((p) => {
    const linked = links.some((l) => l.provider === p.id);
    if (linked && !options.canUnlink) return [];
    return [
      submitNode(
        "oidc",
        linked ? "unlink" : "link",
        p.id,
        uiText(linked ? MessageId.unlinkProvider : MessageId.linkProvider, {
          provider: p.label,
          provider_id: p.id,
        }),
      ),
    ];
  });
}
