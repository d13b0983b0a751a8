#!/usr/bin/env bash
# plan.sh COLLSIM SRCDIR: bench/coll-vs-smpi --plan gives each row's sizes without running it.
# On the two machine platforms (1,024 ranks) a collective whose m is a block gets R / p for
# the results R: 65536,1048576,4194304 -> 64,1024,4096 (Debian's awk, mawk, once refused the
# program that divides, and every such row ran with no size); bcast and allreduce get R.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$("$src/bench/coll-vs-smpi" --plan --colls reduce_scatter_block,allgather,alltoall,bcast \
    --platforms dragonfly-256x4 "$(dirname "$collsim")" "$tmp" 2>"$tmp/err")
assert_eq "bench --plan: status" 0 $?
for c in reduce_scatter_block allgather alltoall; do
    assert_eq "bench --plan: $c's blocks on 1,024 ranks" \
        "plan: $c dragonfly-256x4, 1024 ranks, sizes 64,1024,4096" "$(grep "^plan: $c " <<<"$out")"
done
assert_eq "bench --plan: bcast's message" \
    "plan: bcast dragonfly-256x4, 1024 ranks, sizes 65536,1048576,4194304" \
    "$(grep '^plan: bcast ' <<<"$out")"
assert_eq "bench --plan: nothing else" 4 "$(grep -c . <<<"$out")"
# --only names the algorithms a row runs, and the plan says so
out=$("$src/bench/coll-vs-smpi" --plan --colls allreduce --platforms fattree-32x32c,torus-8x8 \
    --only hier_rs,smpi:mvapich2 "$(dirname "$collsim")" "$tmp" 2>"$tmp/err")
assert_eq "bench --plan --only: a machine row" \
    "plan: allreduce fattree-32x32c, 1024 ranks, sizes 65536,1048576,4194304, only hier_rs,smpi:mvapich2" \
    "$(grep '^plan: allreduce fattree' <<<"$out")"
assert_eq "bench --plan --only: a course row" \
    "plan: allreduce torus-8x8, sizes 16,65536,1048576,4194304, only hier_rs,smpi:mvapich2" \
    "$(grep '^plan: allreduce torus' <<<"$out")"
finish
