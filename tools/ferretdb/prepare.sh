# Sourced by build.sh and test.sh (not run): defines ferretdb_prepare, which writes a patched FerretDB source tree.
#
# ferretdb_prepare DIR
#   DIR (must not exist) gets the pristine source of the FerretDB module pinned in go.mod here (from the module cache,
#   downloaded through the module proxy if needed), build/version/version.txt (the module lacks it), the dependency
#   pins of go.mod / go.sum here, and every patches/*.patch applied in order.
#   With PRISTINE=1, the patches are applied to a scratch copy, and only the *_test.go files they add or change are
#   copied into DIR: the unpatched code with the reproduction tests, to show that those tests fail there.
#
# Dependencies: we build inside the copied module, with its own go.mod / go.sum, after `go mod edit -require` of every
# version pinned in go.mod here and adding go.sum here. Today both list the same versions, so this changes nothing,
# but a dependency bumped in go.mod here (say, for a security fix) is the one built. Test-only dependencies come from
# FerretDB's own go.mod / go.sum. (Vendoring, as before, would need `go mod vendor` plus a replace directive, and
# `go test` of a dependency's internal packages; building the module itself is simpler.)

ferretdb_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

ferretdb_fail() {
  printf 'ferretdb: %s\n' "$*" >&2
  return 1
}

# ferretdb_version prints the FerretDB version pinned in go.mod.
ferretdb_version() {
  (cd "$ferretdb_here" && go list -m -f '{{.Version}}' github.com/FerretDB/FerretDB)
}

# ferretdb_apply_patches DIR applies patches/*.patch to DIR in order, failing on the first one that does not apply
# exactly (no fuzz; --forward makes an already applied patch an error too).
ferretdb_apply_patches() {
  local dir=$1 p
  for p in "$ferretdb_here"/patches/*.patch; do
    patch -d "$dir" -p1 --forward --batch --fuzz=0 --no-backup-if-mismatch --quiet <"$p" ||
      ferretdb_fail "patch $(basename "$p") does not apply to FerretDB $(ferretdb_version)" || return
  done
}

ferretdb_prepare() {
  local dir=$1 version src reqs
  [ ! -e "$dir" ] || ferretdb_fail "$dir already exists" || return

  version=$(ferretdb_version) || return
  src=$(cd "$ferretdb_here" && go mod download -json "github.com/FerretDB/FerretDB@$version" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p') || return
  [ -d "$src" ] || ferretdb_fail "no module source for FerretDB $version" || return

  mkdir -p "$(dirname "$dir")"
  cp -R "$src" "$dir" && chmod -R u+w "$dir" || return
  echo "$version" >"$dir/build/version/version.txt"

  # `module@version` for every requirement of go.mod here but FerretDB itself.
  reqs=$(awk '
    $1 == "require" && $2 == "(" { block = 1; next }
    block && $1 == ")" { block = 0; next }
    block && NF >= 2 { print $1 "@" $2; next }
    $1 == "require" && NF >= 3 { print $2 "@" $3 }
  ' "$ferretdb_here/go.mod" | grep -v '^github\.com/FerretDB/FerretDB@') || true
  if [ -n "$reqs" ]; then
    # shellcheck disable=SC2046 # one -require flag per line
    (cd "$dir" && go mod edit $(printf -- '-require=%s\n' $reqs)) || return
  fi
  LC_ALL=C sort -u "$dir/go.sum" "$ferretdb_here/go.sum" -o "$dir/go.sum"

  if [ "${PRISTINE:-0}" = 1 ]; then
    local scratch="$dir.patched" f
    rm -rf "$scratch" && cp -R "$dir" "$scratch" || return
    ferretdb_apply_patches "$scratch" || return
    for f in $(sed -n 's|^+++ b/\(.*_test\.go\)$|\1|p' "$ferretdb_here"/patches/*.patch | sort -u); do
      cp "$scratch/$f" "$dir/$f" || return
    done
    rm -rf "$scratch"
  else
    ferretdb_apply_patches "$dir" || return
  fi
}
