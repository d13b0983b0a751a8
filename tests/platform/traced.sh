#!/usr/bin/env bash
# traced.sh COLLSIM SRCDIR: every shipped platform runs a traced broadcast, and pj_dump reads
# the trace (SimGrid 3.32 aborts on some link declarations under platform tracing).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for xml in "$src"/platforms/*.xml; do
    name=$(basename "$xml" .xml)
    "$collsim" run --platform "$xml" --np 8 --root 3 --algo binomial --sizes 1000 --iters 1 \
        --quiet --trace "$tmp/$name.trace" 2>"$tmp/err"
    assert_eq "$name traced run" 0 $?
    if pj_dump -l 9 "$tmp/$name.trace" >/dev/null 2>"$tmp/pj"; then pass; else
        fail "$name: pj_dump: $(head -2 "$tmp/pj")"; fi
done
finish
