import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { config } from "./src/lib/config";
import { STATIC_SECURITY_HEADERS } from "./src/lib/security-headers";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const nextConfig: NextConfig = {
  // `npm run build` ships `.next/standalone` (the server and only the node_modules it needs).
  output: "standalone",
  // The translations are read from disk at run time (src/i18n/load-messages.ts), which the
  // build's file tracing cannot see.
  outputFileTracingIncludes: { "/**": ["./messages/**/*.json"] },
  poweredByHeader: false,
  reactStrictMode: true,
  transpilePackages: ["@moos/client-address", "@moos/contract", "@moos/telemetry"],
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
  },
  // Every answer, static files too; pages get their full policy (with a nonce) and HSTS from
  // src/proxy.ts, which decides at run time.
  headers: async () => [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }],
  experimental: {
    serverActions: { allowedOrigins: [new URL(config.publicBaseUrl).host] },
  },
  // The identity service's public paths (/self-service, /sessions, /.well-known/ory,
  // /schemas) are proxied by src/proxy.ts, not by rewrites here: rewrites are fixed at build
  // time, while ORY_SDK_URL is a run-time setting.
};

export default withNextIntl(nextConfig);
