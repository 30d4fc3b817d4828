#!/usr/bin/env bash
# build.sh OUT: builds FerretDB (the version pinned in go.mod here) with patches/*.patch applied to OUT.
# See prepare.sh for how the source tree is prepared and README.md for the patches.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUT" >&2; exit 2; }
out=$(realpath -m "$1")
# shellcheck source=prepare.sh
source "$(dirname "$0")/prepare.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/ferretdb-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
ferretdb_prepare "$work/src"

# -mod=mod: go.mod may need new indirect requirements if go.mod here bumps a dependency (see prepare.sh).
# The binary is built next to OUT and renamed over it, so that a running OUT is never overwritten in place.
mkdir -p "$(dirname "$out")"
go build -C "$work/src" -mod=mod -trimpath -buildvcs=false -o "$out.tmp.$$" ./cmd/ferretdb
mv -f "$out.tmp.$$" "$out"
