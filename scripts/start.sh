#!/usr/bin/env bash
# npm start. On a developer's machine: a supported Node and the packages of the lock (scripts/node.sh), the
# web application built when dist/ is missing or older than its sources, then the server. With
# NODE_ENV=production it installs and builds nothing: the deploy built dist/ once (`npm run build`) and
# installed with `npm ci --omit=dev` (README, "Deploy").
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh

# Read as the server reads it (server/config.ts), before anything is installed: a mistyped value
# (NODE_ENV=Production) is not production here, and would have run `npm ci` under the running service,
# installing the development packages into the deployed tree and taking away what it runs on.
case "${NODE_ENV:-}" in
  '' | production | development | test) ;;
  *)
    printf "invalid configuration:\n  - NODE_ENV must be production, development or test (or unset), not '%s'\n" "$NODE_ENV" >&2
    exit 1
    ;;
esac
if [ "${NODE_ENV:-}" = production ] && [ -f node_modules/.roof-refused ]; then
  # a deploy installs nothing at start: say what to run instead of serving from that tree
  echo "node_modules is from an \`npm ci\` that stopped on Node $(cat node_modules/.roof-refused) (unsupported): install with \`bash scripts/node.sh npm ci --omit=dev\`, then start again" >&2
  exit 1
fi
if [ "${NODE_ENV:-}" != production ]; then
  roof_packages
  if [ -z "${DIST_DIR:-}" ] && { [ ! -f dist/index.html ] ||
    [ -n "$(find app renderers engine words schemas index.html vite.config.ts -newer dist/index.html -type f -print -quit)" ]; }; then
    echo "start: building the web application (npm run build)" >&2
    npm run build --silent -- --logLevel warn
  fi
fi
exec node --import tsx server/main.ts
