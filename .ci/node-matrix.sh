#!/usr/bin/env bash
# The test suite again on Node 22 and 24, where aci-gen and the packages it generates must work too: each Node from the
# npm registry's `node` package (pinned) into a temporary folder. Run by .ci/run after `npm test` has built dist/.
# ACI_REPEAT_RUN=1 narrows each repeat to what a Node version can change: the folders and files vitest.config.ts lists
# in EVERY_NODE (generated packages, servers, runtime, adapters, CLI, the swap of --out, the goldens' tools, Zod's
# verdicts), less what test/support/ci-runs.ts says is skipped inside them; the generator's own tests run once, on
# Node 20. Generated packages still run on every Node; the ones test/support/package-cache.ts built on Node 20 (same
# generator sources, spec and goals) are reused, not rebuilt.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSIONS="${ACI_NODE_MATRIX:-22.23.3 24.21.0}"
root="$(mktemp -d -t aci-node-matrix.XXXXXX)"
trap 'rm -rf "$root"' EXIT
for version in $VERSIONS; do
  npm install --prefix "$root/$version" --no-save --no-audit --no-fund --loglevel=error "node@$version" >/dev/null
  bin="$root/$version/node_modules/node/bin"
  if [[ "$("$bin/node" --version 2>/dev/null)" != "v$version" ]]; then
    echo "node-matrix: node@$version from the npm registry did not install a working node" >&2
    exit 1
  fi
  echo "== the test suite on Node $version"
  ACI_REPEAT_RUN=1 PATH="$bin:$PATH" npx vitest run
done
