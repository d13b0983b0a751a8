#!/usr/bin/env bash
# golden.sh BUILD_DIR SRC_DIR: `collsim analyze` on the committed traces/crossbar-4.trace gives
# byte for byte the committed report, CSV tables, JSON and message list in tests/golden/. A
# difference is either a regression or an intended format change; for the latter run
# traces/regenerate.sh BUILD_DIR and commit what it rewrites (traces/README.md).
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
source "$src/tests/lib.sh"
source "$src/tests/golden/analyze.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src/traces" || exit 1
golden_analyze "$build/collsim" "$tmp"
assert_eq "analyze exit status" 0 $?
for f in crossbar-4.txt crossbar-4.{models,ranks,links}.csv crossbar-4.json crossbar-4.messages.csv; do
    if diff -u "$src/tests/golden/$f" "$tmp/$f" >"$tmp/$f.diff"; then
        pass
    else
        fail "$f differs from tests/golden/$f (intended? run traces/regenerate.sh BUILD_DIR):
$(head -40 "$tmp/$f.diff")"
    fi
done
finish
