#!/usr/bin/env bash
# `npm run setup`: makes this machine ready to run, test and load-test the site. Idempotent: it installs only what is
# missing (Debian packages, npm packages, Go-built tools) and then builds; a second run changes nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tools="$root/.tools"
say() { printf 'setup: %s\n' "$*"; }

# Go lives outside PATH on some images.
if ! command -v go >/dev/null && [ -x /usr/local/go/bin/go ]; then export PATH="$PATH:/usr/local/go/bin"; fi
command -v go >/dev/null || { say "Go 1.22 or newer is required to build FerretDB and k6"; exit 1; }

# 1. Debian packages: Redis (queues, pub/sub), Chromium (browser tests, Lighthouse) and EPUBCheck (the e-book tests).
missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
command -v chromium >/dev/null || missing+=(chromium)
[ -f /usr/share/java/epubcheck.jar ] || missing+=(epubcheck)
if ((${#missing[@]})); then
  sudo=''
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  say "installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 2. npm packages, reinstalled only when package-lock.json changed since the last install.
stamp=node_modules/.setup-lock-sha256
lock_sha=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sha" ]; then
  say "installing npm packages"
  # `npm install`, not `npm ci`: the registry here lacks other platforms' builds of some native packages, so the lock
  # file cannot list them, and `npm ci` refuses such a lock.
  npm install --no-audit --no-fund --loglevel=error
  echo "$lock_sha" >"$stamp"
fi

# 3. Go-built tools in .tools/bin, from the pinned modules in tools/.
mkdir -p "$tools/bin"
ferretdb_version=$(cd tools/ferretdb && go list -m -f '{{.Version}}' github.com/FerretDB/FerretDB)
# tools/ferretdb/build.sh builds that version (pinned in tools/ferretdb/go.mod, with the dependencies pinned there) with
# the fixes in tools/ferretdb/patches applied; see tools/ferretdb/README.md. The stamp hashes everything the build
# depends on (pins, patches, build scripts), so changing any of them rebuilds the binary.
ferretdb_stamp="$ferretdb_version+$(cd tools/ferretdb && sha256sum go.mod go.sum ./*.sh patches/*.patch | sha256sum | cut -c1-16)"
if [ ! -x "$tools/bin/ferretdb" ] || [ "$(cat "$tools/ferretdb.stamp" 2>/dev/null)" != "$ferretdb_stamp" ]; then
  say "building FerretDB $ferretdb_version with tools/ferretdb/patches"
  if ! command -v patch >/dev/null; then
    sudo=''
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    say "installing Debian packages: patch"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends patch >/dev/null
  fi
  tools/ferretdb/build.sh "$tools/bin/ferretdb"
  echo "$ferretdb_stamp" >"$tools/ferretdb.stamp"
fi
k6_version=v1.8.1
if [[ "$("$tools/bin/k6" version 2>/dev/null)" != "k6 $k6_version "* ]]; then
  say "building k6 $k6_version"
  go build -C tools/k6 -trimpath -o "$tools/bin/k6" go.k6.io/k6
fi

compose_sha=$(cat tools/compose-config/go.sum tools/compose-config/main.go | sha256sum | cut -d' ' -f1)
if [ ! -x "$tools/bin/compose-config" ] || [ "$(cat "$tools/compose-config.sha256" 2>/dev/null)" != "$compose_sha" ]; then
  say "building compose-config (checks docker-compose.yml as \`docker compose config\` does)"
  go build -C tools/compose-config -trimpath -o "$tools/bin/compose-config" .
  echo "$compose_sha" >"$tools/compose-config.sha256"
fi

# 4. Build: the server packages (incremental) and the web app.
say "building"
npm run --silent build >/dev/null
say "ready: \`npm start\` runs the site, \`npm test\` runs every test"
