// The OAuth2 provider's admin API (Hydra's, as apps/oauth2, Ory Hydra and Ory Network speak
// it) through Ory's SDK: the consent and logout screens read and answer the provider's
// challenges, and a logout in Moos ends the provider's login sessions. Server code only: the
// admin API decides who is signed in to every client.

import { Configuration, OAuth2Api } from "@ory/client-fetch";
import { config } from "./config";

export function oauth2Api(): OAuth2Api {
  return new OAuth2Api(
    new Configuration({
      basePath: config.oryOAuth2AdminUrl,
      ...(config.oryOAuth2AdminToken ? { accessToken: config.oryOAuth2AdminToken } : {}),
      headers: { Accept: "application/json" },
      fetchApi: (input, init) => fetch(input, { ...init, cache: "no-store" }),
    }),
  );
}
