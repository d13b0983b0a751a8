#!/usr/bin/env bash
# svg_steps.sh RECORDS SRCDIR COLLSIM: the steps of `collsim analyze --svg` are the rounds of
# the algorithm, worked out by hand from how each algorithm sends, for the course's
# algorithms: every step from 1 to the count below holds at least one arrow and none is
# beyond it, at an eager and a rendezvous size (the sends of one rank leave together, or one
# after another).
collsim=$3 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
x=$(plat crossbar-64)
"$collsim" platform ring --nodes 8 -o "$tmp/ring8.xml" >/dev/null || fail "ring of 8"
"$collsim" platform ring --nodes 7 -o "$tmp/ring7.xml" >/dev/null || fail "ring of 7"

# steps WANT PLATFORM NP COLLECTIVE ALGORITHM SIZE [VAR=VALUE]: one call traced, its diagram
# drawn; its steps must be 1 .. WANT
steps() {
    local want=$1 plat=$2 np=$3 coll=$4 algo=$5 size=$6 what="$4 $5, p = $3, $6 B${7:+, $7}"
    env ${7:+"$7"} "$collsim" run --platform "$plat" --np "$np" --collective "$coll" --algo "$algo" \
        --sizes "$size" --iters 1 --warmup 0 --quiet --trace "$tmp/t.trace" >/dev/null ||
        { fail "$what: run"; return; }
    "$collsim" analyze "$tmp/t.trace" --platform "$plat" --svg "$tmp/s.svg" >/dev/null 2>&1 ||
        { fail "$what: analyze --svg"; return; }
    assert_eq "$what: steps" "$(seq 1 "$want" | paste -sd' ')" \
        "$(sed -n 's/^<g class="msg"><title>.*, step \([0-9]*\)<\/title>.*/\1/p' "$tmp/s.svg" |
            sort -nu | paste -sd' ')"
}

# binomial: in round k (mask 2^(k-1)) each shifted rank s < mask sends to s + mask:
# ceil(log2 p) rounds
steps 3 "$x" 8 bcast binomial 1000
steps 4 "$x" 16 bcast binomial 1048576
steps 4 "$x" 13 bcast binomial 1000
# linear: the root sends to 1, 2, ..., p - 1 in turn, one round each
steps 7 "$x" 8 bcast linear 1048576
steps 15 "$x" 16 bcast linear 1000
# binary: s sends to 2s + 1 in the round after it received, to 2s + 2 in the one after that;
# p = 8: s6 (0 -> 2 -> 6) is served in round 2 + 2 = 4; p = 16: s14 (0 -> 2 -> 6 -> 14) in 6
steps 4 "$x" 8 bcast binary 1000
steps 4 "$x" 8 bcast binary 1048576
steps 6 "$x" 16 bcast binary 1000
# pipelined chain of k = m / segment segments: segment j (1 .. k) leaves rank i in round
# i + j, the last one leaves rank p - 2 in round p - 2 + k = 6 + 4
steps 10 "$x" 8 bcast pipeline_chain 4000 COLLSIM_SEGMENT=1000
steps 10 "$x" 8 bcast pipeline_chain 1048576 COLLSIM_SEGMENT=262144
# ring: the root sends right, then left, and each rank forwards away from the root: the
# right side's floor(p/2) ranks get it in rounds 1 .. floor(p/2), the left side's others in
# rounds 2 .. p - floor(p/2): ceil(p/2) = 4 rounds for p = 7 and 8
steps 4 "$tmp/ring8.xml" 8 bcast ring 1000
steps 4 "$tmp/ring7.xml" 7 bcast ring 1048576
# recursive doubling: in round k every rank exchanges with rank XOR 2^(k-1): log2 p rounds
steps 3 "$x" 8 allreduce recursive_doubling 8
steps 4 "$x" 16 allreduce recursive_doubling 1048576
# ring all-reduce: p - 1 rounds of reduce-scatter, p - 1 of allgather
steps 14 "$x" 8 allreduce ring 1048576
# dissemination: in round k rank r sends to r + 2^(k-1) and receives from r - 2^(k-1) (mod
# p): ceil(log2 p) rounds
steps 3 "$x" 8 barrier dissemination 0
steps 4 "$x" 13 barrier dissemination 0
steps 4 "$x" 16 barrier dissemination 0
finish
