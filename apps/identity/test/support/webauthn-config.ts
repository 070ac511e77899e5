// The relying party the WebAuthn contract tests configure: the web app's origin in front.
export const webauthnOrigin = "http://localhost:3000";
export const webauthnRpId = "localhost";

export const harnessWithWebauthn = {
  selfservice: {
    methods: {
      webauthn: {
        enabled: true,
        config: { rp: { id: webauthnRpId, display_name: "Moos", origins: [webauthnOrigin] } },
      },
      passkey: {
        enabled: true,
        config: { rp: { id: webauthnRpId, display_name: "Moos", origins: [webauthnOrigin] } },
      },
    },
  },
};
