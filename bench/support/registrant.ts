import { CookieJar } from "../../apps/identity/test/support/cookie-jar.ts";
import { benchPassword } from "./accounts.ts";

// Someone registering from a client address of their own, as the bot defence's benchmark needs
// them (docs/security.md#bot-defence): the load generator is a trusted proxy of the service
// (loopback, the default `serve.public.trusted_proxies`), so `X-Forwarded-For` sets the address
// the service counts. An app uses the API flow; a browser the browser flow with its CSRF cookie
// and token, asking for JSON as the web app's server does. Plain fetch, so a refusal is an
// answer to count, not an exception.

/** How the registration is made: an app's API flow or a browser's flow. */
export type Way = "api" | "browser";

/** What a submit was answered. */
export interface Submitted {
  /** 200 registered, 400 refused (with a message), 429 limited. */
  readonly status: number;
  /** The fresh challenge a refused flow carries for the next submit, if any. */
  readonly challenge: string | undefined;
}

/** A registration flow, started; `submit` sends the form once. */
export interface OpenFlow {
  readonly id: string;
  /** ALTCHA's challenge (JSON) when the flow carries one (the `captcha` group). */
  readonly challenge: string | undefined;
  submit(email: string, captchaResponse?: string): Promise<Submitted>;
}

interface FlowJson {
  id: string;
  ui?: { nodes: { group: string; attributes: { name?: string; value?: unknown } }[] };
}

function nodeValue(flow: FlowJson, name: string): string | undefined {
  const value = flow.ui?.nodes.find((node) => node.attributes.name === name)?.attributes.value;
  return typeof value === "string" ? value : undefined;
}

const challengeNode = "captcha_altcha_challenge";

/** A challenge's level, from ALTCHA's JSON (the service signs it into `data`). */
export function challengeLevel(challenge: string): number {
  const { parameters } = JSON.parse(challenge) as { parameters: { data?: { level?: number } } };
  return parameters.data?.level ?? 0;
}

export async function openRegistration(
  publicUrl: string,
  options: { ip: string; way: Way },
): Promise<OpenFlow> {
  const jar = new CookieJar();
  const send = options.way === "browser" ? jar.wrap(fetch) : fetch;
  const headers = { accept: "application/json", "x-forwarded-for": options.ip };
  const started = await send(`${publicUrl}/self-service/registration/${options.way}`, {
    headers,
  });
  if (!started.ok) throw new Error(`starting a registration answered ${started.status}`);
  const flow = (await started.json()) as FlowJson;
  const csrf = nodeValue(flow, "csrf_token");
  return {
    id: flow.id,
    challenge: nodeValue(flow, challengeNode),
    async submit(email, captchaResponse) {
      const answer = await send(`${publicUrl}/self-service/registration?flow=${flow.id}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({
          method: "password",
          password: benchPassword,
          traits: { email, name: { first: "Be", last: "Nch" } },
          ...(csrf ? { csrf_token: csrf } : {}),
          ...(captchaResponse
            ? { transient_payload: { captcha_altcha_response: captchaResponse } }
            : {}),
        }),
      });
      // A refusal (400) is the flow again, with its messages and any fresh challenge.
      const refused = answer.status === 400 ? ((await answer.json()) as FlowJson) : undefined;
      if (!refused) await answer.arrayBuffer();
      return {
        status: answer.status,
        challenge: refused ? nodeValue(refused, challengeNode) : undefined,
      };
    },
  };
}
