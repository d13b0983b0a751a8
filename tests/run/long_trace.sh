#!/usr/bin/env bash
# long_trace.sh COLLSIM SRCDIR: every algorithm that runs on any platform, of every
# collective, traced over 40 calls on 5 ranks. A call that leaves one traced MPI state open
# (SimGrid 3.32 does so for an MPI_Waitany on no active request) nests one more state per
# call, and a long enough trace becomes unreadable: the run must succeed and the trace must
# pass the analyzer's reader.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=$(plat crossbar-64)
list_algos '' '^none$' >"$tmp/algos"
[ -s "$tmp/algos" ] && pass || fail "no algorithm read from collsim list --tsv"
while read -r coll algo; do
    out=$("$collsim" run --platform "$plat" --np 5 --root 2 --collective "$coll" --algo "$algo" \
        --sizes 1000 --iters 39 --warmup 1 --trace "$tmp/t.trace" --quiet 2>&1)
    assert_eq "$coll $algo, 40 traced calls: status (${out:0:200})" 0 $?
done <"$tmp/algos"
finish
