#!/usr/bin/env bash
# Every check, in order: what the suite needs installed (scripts/test-tools.sh), types, lint, migrations against the schema, Vitest on the embedded
# database and on the machine's PostgreSQL (the latter on Node 24), then Playwright against a
# production build.
# Ends with one line "N passed, N failed, N skipped" summed over every runner.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

bash scripts/test-tools.sh

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

check() { # name, command...: a check that is not a test runner counts as one test
  local name=$1
  shift
  echo "::: $name"
  if "$@"; then echo "passed" >"$results/check-$name"; else echo "failed" >"$results/check-$name"; fi
}

vitest_on() { # embedded | postgres, the Node binary to run it on, then env assignments of its own
  local kind=$1 node=$2
  shift 2
  echo "::: vitest on $kind PostgreSQL (Node $("$node" --version))"
  env TEST_DATABASE="$kind" "$@" "$node" node_modules/vitest/vitest.mjs run --reporter=default --reporter=json \
    --outputFile.json="$results/vitest-$kind.json" >"$results/log-vitest-$kind" 2>&1 || true
  cat "$results/log-vitest-$kind"
  [ -s "$results/vitest-$kind.json" ] || echo "failed" >"$results/check-vitest-$kind-ran"
}

# The type check and lint each keep one core busy: side by side, each printed when both end.
check typecheck node_modules/.bin/tsc --noEmit >"$results/log-typecheck" 2>&1 &
check lint npm run lint --silent >"$results/log-lint" 2>&1 &
wait
cat "$results/log-typecheck" "$results/log-lint"
check migrations-match-schema node_modules/.bin/tsx --conditions=react-server scripts/check-migrations.ts
# Vitest runs one file at a time on two cores (one worker, the database the other): the two passes
# run side by side, each with its own files and Google issuer port, and print one after the other.
# The pass on the PostgreSQL server runs on Node 24, the production server's runtime
# (scripts/node24.sh), so both Node versions and both databases are covered without a third pass.
node24_binary=$(bash scripts/node24.sh)
vitest_on embedded "$(command -v node)" &
vitest_on postgres "$node24_binary" DATA_DIR=.data/test-postgres \
  GOOGLE_ISSUER=http://localhost:17232 GOOGLE_JWKS_URL=http://127.0.0.1:17232/jwks &
wait
# The type check above already covered what the build would check again.
check build env BUILD_AFTER_TYPECHECK=1 npm run build --silent
if [ "$(cat "$results/check-build")" = "passed" ]; then
  echo "::: playwright"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" node_modules/.bin/playwright test --reporter=list,json || true
  [ -s "$results/playwright.json" ] || echo "failed" >"$results/check-playwright-ran"
fi

node scripts/summarise-tests.mjs "$results"
