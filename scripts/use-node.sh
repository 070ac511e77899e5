# shellcheck shell=bash
# Source it (`. scripts/use-node.sh`) to run Moos on the Node.js it is built and tested on.
#
# Moos runs and is tested on Node.js 24 LTS ("Krypton"; security releases until 2028-04-30) and
# needs at least 22.12 (`engines` in package.json). When the `node` on PATH is older than 24,
# this puts Node.js 24 first on PATH, installed once from the npm registry's `node` package
# (it ships the official binary) into ~/.cache/moos (MOOS_NODE_HOME changes where). A node of 24
# or newer is kept as it is. `.ci/run` sources it too, so CI tests on the Node developers use.
moos_node_version=24.21.0
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)' 2>/dev/null; then
  moos_node_home="${MOOS_NODE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/moos/node-$moos_node_version}"
  if [ ! -x "$moos_node_home/node_modules/node/bin/node" ]; then
    mkdir -p "$moos_node_home"
    # The package's install script fetches the binary for this platform: allowed for it alone.
    printf '{"private": true, "allowScripts": {"node": true}}\n' >"$moos_node_home/package.json"
    (cd "$moos_node_home" && npm install --no-save --no-audit --no-fund --loglevel=error "node@$moos_node_version") ||
      { echo "use-node: could not install node@$moos_node_version" >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$moos_node_home/node_modules/.bin:$PATH"
fi
echo "use-node: $(command -v node) $(node --version)"
