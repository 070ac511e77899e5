// Where the signed-in landing screen sends the customer on: the home of the client they came
// from (a shop, an app: `?client=` or the remembered client cookie), else the shop's front page
// (SHOP_URL). The `self` client is this app, so it is never a target: that would only lead back
// to this screen. A return_to is not decided here: the screen hands it to /api/redirect, which
// checks it against the allowed return URLs.

import type { ClientConfig } from "../../lib/config";
import { DEFAULT_CLIENT } from "../../lib/config";

export interface ContinueTarget {
  readonly href: string;
  /** `client`: back to the client's home ("Weiter"); `shop`: SHOP_URL ("Weiter zum Shop"). */
  readonly kind: "client" | "shop";
}

export function continueTarget(options: {
  clientName: string | undefined;
  clients: Readonly<Record<string, ClientConfig>>;
  shopUrl: string | undefined;
}): ContinueTarget | undefined {
  const { clientName, clients, shopUrl } = options;
  const client = clientName && clientName !== DEFAULT_CLIENT ? clients[clientName] : undefined;
  if (client) return { href: client.home, kind: "client" };
  return shopUrl ? { href: shopUrl, kind: "shop" } : undefined;
}
