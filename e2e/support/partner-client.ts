// A partner shop that is not Moos's own: registered through the OpenID provider's admin API (as
// README's "How a shop platform registers as a client" says), with a loopback listener as its
// redirect (loopback-client.ts). Moos asks the customer for consent before such a client gets
// data, and before it logs the customer out of Moos.

import { Configuration, OAuth2Api } from "@ory/client-fetch";
import type { Page } from "@playwright/test";
import * as oidc from "openid-client";
import type { Language } from "./languages.ts";
import { startLoopbackClient } from "./loopback-client.ts";
import { oauth2Services } from "./services/service-set.ts";

/** An authorization the partner started: what its code grant needs. */
export interface StartedAuthorization {
  readonly verifier: string;
  readonly state: string;
}

export interface PartnerClient {
  /** The discovered client, for the code grant and the end-session address. */
  readonly client: oidc.Configuration;
  /** `http://127.0.0.1:<port>/callback`: where Moos sends the browser back. */
  readonly redirectUri: string;
  /** The registered address after a logout: the redirect with `?logged-out`. */
  readonly loggedOutUri: string;
  /** Sends `page` to the authorization endpoint (PKCE, state), asking in `lang` (ui_locales). */
  authorize(page: Page, lang: Language): Promise<StartedAuthorization>;
  close(): Promise<void>;
}

export async function registerPartner(name: string): Promise<PartnerClient> {
  const loopback = await startLoopbackClient();
  try {
    const services = oauth2Services();
    const admin = new OAuth2Api(
      new Configuration({ basePath: services.adminUrl, accessToken: services.adminToken }),
    );
    const loggedOutUri = `${loopback.redirectUri}?logged-out`;
    const registered = await admin.createOAuth2Client({
      oAuth2Client: {
        client_name: name,
        redirect_uris: [loopback.redirectUri],
        post_logout_redirect_uris: [loggedOutUri],
        scope: "openid email profile",
      },
    });
    const client = await oidc.discovery(
      new URL(services.issuer),
      registered.client_id ?? "",
      undefined,
      oidc.ClientSecretBasic(registered.client_secret ?? ""),
      { execute: [oidc.allowInsecureRequests] },
    );
    return {
      client,
      redirectUri: loopback.redirectUri,
      loggedOutUri,
      async authorize(page, lang) {
        const verifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const url = oidc.buildAuthorizationUrl(client, {
          redirect_uri: loopback.redirectUri,
          scope: "openid email profile",
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: "S256",
          state,
          // Moos speaks the partner's language.
          ui_locales: lang.code,
        });
        await page.goto(url.href);
        return { verifier, state };
      },
      close: () => loopback.close(),
    };
  } catch (error) {
    await loopback.close();
    throw error;
  }
}
