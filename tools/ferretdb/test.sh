#!/usr/bin/env bash
# test.sh: runs the reproduction tests added by patches/*.patch (every new `func TestXxx(t *testing.T)` in them, in the
# packages of the test files they touch) on a patched FerretDB tree; exits non-zero if any fails.
# PRISTINE=1 test.sh: the same tests on the unpatched tree with only the test files added; they are expected to fail
# (build failure for the idle timeout tests, which need its new API; timeouts and wrong results for the others), but
# for TestQueryReadAheadLargeResults and TestQueryReadAheadContextCancel (0006), which pass there by design: they check
# that the read-ahead changes no result.
# Extra arguments are passed to `go test` (for example, -v).
set -euo pipefail
# shellcheck source=prepare.sh
source "$(dirname "$0")/prepare.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/ferretdb-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
ferretdb_prepare "$work/src"

# FerretDB's testutil package finds the repository root by its .git directory; the module has none.
mkdir "$work/src/.git"

patches=("$ferretdb_here"/patches/*.patch)
tests=$(sed -n 's/^+func \(Test[A-Za-z0-9_]*\)(t \*testing\.T) {$/\1/p' "${patches[@]}" | sort -u | paste -sd '|')
mapfile -t packages < <(sed -n 's|^+++ b/\(.*\)/[^/]*_test\.go$|./\1|p' "${patches[@]}" | sort -u)
[ -n "$tests" ] || { echo "test.sh: no tests in patches" >&2; exit 1; }

echo "test.sh: FerretDB $(ferretdb_version)$([ "${PRISTINE:-0}" = 1 ] && echo ', PRISTINE (unpatched code)'): go test -run '^($tests)\$' ${packages[*]}"
status=0
go test -C "$work/src" -mod=mod -buildvcs=false -count=1 -timeout 5m -run "^($tests)\$" "$@" "${packages[@]}" || status=$?
if [ "${PRISTINE:-0}" = 1 ]; then
  echo "test.sh: PRISTINE=1: the tests ran on the unpatched code, where they are expected to fail, but for" \
    "TestQueryReadAheadLargeResults and TestQueryReadAheadContextCancel, which pass there by design (status $status)"
fi
exit "$status"
