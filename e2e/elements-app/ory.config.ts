import type { OryClientConfiguration } from "@ory/elements-react";

// The project as Ory Elements sees it: where its screens live in this app. The identity service
// under test is configured with the same UI URLs (e2e/elements/identity.yaml).
const baseConfig: OryClientConfiguration = {
  project: {
    name: "Moos (Ory Elements)",
    default_redirect_url: "/",
    error_ui_url: "/auth/error",
    login_ui_url: "/auth/login",
    registration_ui_url: "/auth/registration",
    recovery_ui_url: "/auth/recovery",
    verification_ui_url: "/auth/verification",
    settings_ui_url: "/settings",
    registration_enabled: true,
    recovery_enabled: true,
    verification_enabled: true,
  },
};

export default baseConfig;
