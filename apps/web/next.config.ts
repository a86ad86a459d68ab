import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// The catalogues are compiled when the app is built: the pages format them without shipping an ICU parser (12 kB of
// every page's first load) and without parsing a message on the person's device.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./src/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: ["en", "es"], precompile: true } },
});

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: ["@pizarra/contracts", "@pizarra/db", "@pizarra/ui"],
  // pdfkit reads its font metrics (.afm) from its own package folder at run time, so it must not be bundled; prom-client
  // is loaded once by Node for the route handlers and instrumentation alike (pino and pg are Next's own defaults).
  serverExternalPackages: ["pdfkit", "prom-client"],
  turbopack: { root: path.join(import.meta.dirname, "../..") },
  // The types are checked once, for the whole repository with Next's route types, by `pnpm typecheck` (which
  // `pnpm test` runs before it builds): the build does not check them a second time.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default withNextIntl(config);
