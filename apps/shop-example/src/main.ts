import { startShop } from "./shop.ts";

// `node dist/main.js` (or `npm start -w @moos/shop-example`): the example shop, set up for the
// local profile (apps/oauth2/config/local.yaml registers it as `moos-shop`). Settings:
//   SHOP_PORT (4455), SHOP_BASE_URL (http://127.0.0.1:<port>), SHOP_ISSUER (Moos's provider,
//   http://127.0.0.1:4444), SHOP_CLIENT_ID (moos-shop), SHOP_CLIENT_SECRET (the local secret),
//   SHOP_ACCOUNT_URL (http://localhost:3000/settings: "Mein Moos-Konto").

const env = process.env;
const port = Number(env.SHOP_PORT ?? 4455);
const shop = await startShop({
  port,
  baseUrl: env.SHOP_BASE_URL ?? `http://127.0.0.1:${port}`,
  issuer: env.SHOP_ISSUER ?? "http://127.0.0.1:4444",
  clientId: env.SHOP_CLIENT_ID ?? "moos-shop",
  clientSecret: env.SHOP_CLIENT_SECRET ?? "local-shop-secret-not-secret",
  accountUrl: env.SHOP_ACCOUNT_URL ?? "http://localhost:3000/settings",
});
console.log(`example shop: ${shop.url}`);
const stop = async (): Promise<void> => {
  await shop.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
