export {
  clientAddress,
  type Hops,
  normalizeAddress,
  TrustedProxies,
  TrustedProxiesError,
} from "./trusted-proxies.ts";
