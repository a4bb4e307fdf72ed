#!/usr/bin/env bash
# What the suite needs beyond npm: Debian's Chromium and its headless shell (the Playwright journeys), nginx (the
# two-instance journey) and a PostgreSQL server on 127.0.0.1:5432 (the second Vitest pass).
# Installs and starts what is missing when it can; otherwise says in one line what to do.
set -uo pipefail

missing_packages=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing_packages+=(chromium)
[ -x "${HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" ] || missing_packages+=(chromium-headless-shell)
[ -x /usr/sbin/nginx ] || missing_packages+=(nginx)
if [ ${#missing_packages[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "::: installing ${missing_packages[*]} from Debian's packages"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_packages[@]}" >/dev/null
  else
    echo "::: missing ${missing_packages[*]}: run 'sudo apt-get install ${missing_packages[*]}' (the journeys that need them will fail)"
  fi
fi

if [ -z "${TEST_POSTGRES_URL:-}" ] && ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    echo "::: starting the local PostgreSQL server"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start
  else
    echo "::: no PostgreSQL server on 127.0.0.1:5432: install one ('apt-get install postgresql') or set TEST_POSTGRES_URL (the second Vitest pass will fail)"
  fi
fi
exit 0
