import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { STATIC_SECURITY_HEADERS } from "./src/lib/security-headers";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const nextConfig: NextConfig = {
  // `npm run build` ships `.next/standalone` (the server and only the node_modules it needs).
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  transpilePackages: ["@moos/client-address", "@moos/contract", "@moos/telemetry"],
  // Every answer, static files too; pages get their full policy (with a nonce) and HSTS from
  // src/proxy.ts, which decides at run time.
  headers: async () => [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }],
  // Server actions accept a post only when its Origin is the host it was sent to (Next's own
  // check; nginx passes the Host on), on top of the CSRF token every form carries.
};

export default withNextIntl(nextConfig);
