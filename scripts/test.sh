#!/usr/bin/env bash
# Every check, in order: what the suite needs installed (scripts/test-tools.sh), types and lint,
# migrations against the schema, a production build, Vitest on the embedded database and on the
# machine's PostgreSQL (on Node 24) side by side, the Playwright journeys against the build on two
# workers, the books and the audit trail of the journeys' database, and the few journeys that run alone.
# Each step's line says when it started (seconds into the run); the run ends with one line
# "N passed, N failed, N skipped" summed over every runner.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

started=$SECONDS
step() { echo "::: [+$((SECONDS - started))s] $*"; }

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# What the suite needs beyond npm (Debian's packages, the PostgreSQL server, Node 24) is installed
# while the type check, lint and build run, none of which needs it; the Vitest pass on the
# PostgreSQL server and the journeys wait for it.
{
  { bash scripts/test-tools.sh && bash scripts/node24.sh >"$results/node24"; } >"$results/log-tools" 2>&1
  touch "$results/tools-ready"
} &

check() { # name, command...: a check that is not a test runner counts as one test
  local name=$1
  shift
  step "$name"
  if "$@"; then echo "passed" >"$results/check-$name"; else echo "failed" >"$results/check-$name"; fi
}

vitest_on() { # embedded | postgres, the Node binary to run it on, then Vitest arguments of its own
  local kind=$1 node=$2
  shift 2
  step "vitest on $kind PostgreSQL (Node $("$node" --version))"
  TEST_DATABASE="$kind" "$node" node_modules/vitest/vitest.mjs run --reporter=default --reporter=json \
    --outputFile.json="$results/vitest-$kind.json" "$@" >"$results/log-vitest-$kind" 2>&1 || true
  [ -s "$results/vitest-$kind.json" ] || echo "failed" >"$results/check-vitest-$kind-ran"
  step "vitest on $kind PostgreSQL ended"
}

playwright_project() { # the project: chromium (two workers) or alone (one, after the rest)
  local project=$1
  step "playwright: $project"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright-$project.json" node_modules/.bin/playwright test --project "$project" --no-deps \
    --reporter=list,json >"$results/log-playwright-$project" 2>&1 || true
  [ -s "$results/playwright-$project.json" ] || echo "failed" >"$results/check-playwright-$project-ran"
  step "playwright: $project ended"
}

# The type check and lint each keep one core busy: side by side, each printed when both end.
check typecheck node_modules/.bin/tsc --noEmit >"$results/log-typecheck" 2>&1 &
typecheck=$!
check lint npm run lint --silent >"$results/log-lint" 2>&1 &
wait $typecheck $!
cat "$results/log-typecheck" "$results/log-lint"
check migrations-match-schema node_modules/.bin/tsx --conditions=react-server scripts/check-migrations.ts
# The type check above already covered what the build would check again.
check build env BUILD_AFTER_TYPECHECK=1 npm run build --silent

# The two Vitest passes side by side, each with its own database, ports and Google issuer port,
# and each two files at a time, then the few that run the job workers alone (vitest.config.ts: one
# file keeps a core busy a third of the time, waiting on its database, so two passes of one file
# each left the machine half idle; beside the type check and build they only took longer, as
# every step here needs the CPU). The pass on the PostgreSQL server runs on Node 24, the
# production server's runtime (scripts/node24.sh), the embedded one on the PATH's Node, so both
# Node versions and both databases are covered without a third pass (both on Node 24 took as long:
# the two keep both cores busy either way); the PostgreSQL pass leaves out the files that touch no
# database (components, architecture, docs), which the embedded pass runs. The embedded pass needs
# nothing the tools bring, so it does not wait for them: on a fresh machine Debian's packages take
# minutes to install, and only the pass on the PostgreSQL server (and Node 24) waits for them.
vitest_on embedded "$(command -v node)" &
vitest_embedded=$!
(
  until [ -e "$results/tools-ready" ]; do sleep 1; done
  cat "$results/log-tools"
  export DATA_DIR=.data/test-postgres GOOGLE_ISSUER=http://localhost:17232 GOOGLE_JWKS_URL=http://127.0.0.1:17232/jwks
  node24_binary=$(cat "$results/node24" 2>/dev/null)
  VITEST_DATABASE_FILES_ONLY=1 vitest_on postgres "${node24_binary:-$(command -v node)}"
) &
vitest_postgres=$!
wait $vitest_embedded $vitest_postgres
cat "$results"/log-vitest-embedded "$results"/log-vitest-postgres

# The journeys have the machine to themselves (a page clicked before it is ready, under load, misses
# the click): two workers, then those that start servers of their own and time them, promise 2 s,
# or change what every page shows, one at a time.
if [ "$(cat "$results/check-build")" = "passed" ]; then
  playwright_project chromium
  cat "$results/log-playwright-chromium"
  # The journeys' database, seeded and then used by every money journey: the books balance and the
  # audit trail is one chain (before the alone journeys start a fresh one in its place).
  for tool in ledger-check audit-check; do
    check "$tool-after-journeys" env DATA_DIR=.data/e2e node_modules/.bin/tsx --conditions=react-server "scripts/$tool.ts"
  done
  playwright_project alone
  cat "$results/log-playwright-alone"
fi

step "done"
node scripts/summarise-tests.mjs "$results"
