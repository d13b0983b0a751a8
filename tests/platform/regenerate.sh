#!/usr/bin/env bash
# regenerate.sh COLLSIM SRCDIR: regenerating the platforms gives byte-identical files: the
# shipped ones in platforms/ and the ones the build wrote into build/platforms.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash "$src/platforms/regenerate.sh" "$collsim" "$tmp/shipped" || fail "regenerate.sh failed"
bash "$src/platforms/regenerate.sh" "$collsim" "$tmp/built" --built || fail "regenerate.sh --built failed"
built=$(dirname "$collsim")/platforms
for f in "$src"/platforms/*.xml "$src"/platforms/*.hosts; do
    cmp -s "$f" "$tmp/shipped/$(basename "$f")" && pass || fail "$(basename "$f") differs when regenerated"
done
for f in "$tmp"/built/*; do
    cmp -s "$f" "$built/$(basename "$f")" && pass || fail "build/platforms/$(basename "$f") is not what regenerate.sh --built writes"
done
assert_eq "no extra files" "$(ls "$src"/platforms/*.xml "$src"/platforms/*.hosts | wc -l)" "$(ls "$tmp/shipped" | wc -l)"
assert_eq "the built platforms" 10 "$(ls "$tmp/built" | wc -l)"
for f in "$src"/platforms/* "$src"/traces/*; do
    [ "$(wc -l <"$f")" -le 2000 ] && pass || fail "$(basename "$f") has more than 2,000 lines"
done
finish
