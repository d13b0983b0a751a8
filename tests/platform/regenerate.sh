#!/usr/bin/env bash
# regenerate.sh COLLSIM SRCDIR: regenerating the shipped platforms gives byte-identical files.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash "$src/platforms/regenerate.sh" "$collsim" "$tmp" || fail "regenerate.sh failed"
for f in "$src"/platforms/*.xml "$src"/platforms/*.hosts; do
    cmp -s "$f" "$tmp/$(basename "$f")" && pass || fail "$(basename "$f") differs when regenerated"
done
assert_eq "no extra files" "$(ls "$src"/platforms/*.xml "$src"/platforms/*.hosts | wc -l)" "$(ls "$tmp" | wc -l)"
finish
