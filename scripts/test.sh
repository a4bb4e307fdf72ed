#!/usr/bin/env bash
# Every check: what the suite needs installed (scripts/test-tools.sh); then side by side Vitest on
# the embedded database, Vitest on the machine's PostgreSQL (on Node 24), and in turn types and
# lint, migrations against the schema, a production build, the Playwright journeys against it and
# the few journeys that run alone.
# Each step's line says when it started (seconds into the run); the run ends with one line
# "N passed, N failed, N skipped" summed over every runner.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

started=$SECONDS
step() { echo "::: [+$((SECONDS - started))s] $*"; }

bash scripts/test-tools.sh

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

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
  TEST_DATABASE="$kind" nice -n 10 "$node" node_modules/vitest/vitest.mjs run --reporter=default --reporter=json \
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

# Nothing here keeps two cores busy for long on its own (Vitest waits on its database and runs one
# file at a time per pass; the journeys wait on the browser and the server), so the steps share the
# machine: the two Vitest passes start at once, each with its own database, ports and Google issuer
# port, beside the type check, lint and build; the journeys start when the build is ready. The
# passes run at a lower priority (nice): they take what the rest leaves, so the journeys, which
# wait on timers and pages, see the machine as they would alone.
# The pass on the PostgreSQL server runs on Node 24, the production server's runtime
# (scripts/node24.sh), so both Node versions and both databases are covered without a third pass;
# it leaves out the files that touch no database (components, architecture, docs), which the
# embedded pass runs.
node24_binary=$(bash scripts/node24.sh)
vitest_on embedded "$(command -v node)" &
vitest_embedded=$!
(
  export DATA_DIR=.data/test-postgres GOOGLE_ISSUER=http://localhost:17232 GOOGLE_JWKS_URL=http://127.0.0.1:17232/jwks
  vitest_on postgres "$node24_binary" --exclude "tests/ui/**" --exclude "tests/architecture/**" --exclude "tests/docs/**"
) &
vitest_postgres=$!

check typecheck node_modules/.bin/tsc --noEmit >"$results/log-typecheck" 2>&1 &
typecheck=$!
check lint npm run lint --silent >"$results/log-lint" 2>&1 &
wait $typecheck $!
cat "$results/log-typecheck" "$results/log-lint"
check migrations-match-schema node_modules/.bin/tsx --conditions=react-server scripts/check-migrations.ts
# The type check above already covered what the build would check again.
check build env BUILD_AFTER_TYPECHECK=1 npm run build --silent
# Last, the journeys that start servers of their own and time them, promise 2 s, or change what every page shows: alone.
if [ "$(cat "$results/check-build")" = "passed" ]; then
  playwright_project chromium
  playwright_project alone
fi
wait $vitest_embedded $vitest_postgres
cat "$results"/log-vitest-embedded "$results"/log-vitest-postgres "$results"/log-playwright-chromium "$results"/log-playwright-alone 2>/dev/null

step "done"
node scripts/summarise-tests.mjs "$results"
