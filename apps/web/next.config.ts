import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { config } from "./src/lib/config";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

// The identity service's public API, served on this origin so that its cookies (CSRF,
// session) are first-party. The identity service's base_url is this app's public URL.
const IDENTITY_PATHS = ["/self-service", "/sessions", "/.well-known/ory", "/schemas"];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  transpilePackages: ["@moos/contract"],
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
  },
  experimental: {
    serverActions: { allowedOrigins: [new URL(config.publicBaseUrl).host] },
  },
  async rewrites() {
    return IDENTITY_PATHS.map((path) => ({
      source: `${path}/:path*`,
      destination: `${config.orySdkUrl}${path}/:path*`,
    }));
  },
};

export default withNextIntl(nextConfig);
