#!/usr/bin/env bash
# lab03.sh COLLSIM SRCDIR: lab 3 (examples/labs/03-routing): runs the lab's steps and checks
# every claim of its key against the course's SFR and CTR formulas worked out here (t_s = 0,
# t_h = 1 us, t_b = 0.1 ns/B, m' = m + 16) within 1%, and against fresh runs.
collsim=$1 src=$2
source "$src/tests/lib.sh"
source "$src/tests/labs/keys.sh"
key=$src/examples/labs/03-routing/key/KEY.md
S=$(mktemp -d)
trap 'rm -rf "$S"' EXIT
"$collsim" platform ring --nodes 16 -o "$S/ring16.xml" >/dev/null || fail "ring of 16"
"$collsim" platform torus --dims 4x4 -o "$S/torus4x4.xml" >/dev/null || fail "torus 4x4"
"$collsim" platform hypercube --dim 4 -o "$S/cube4.xml" >/dev/null || fail "hypercube 4"
printf 'n0\nn8\n' >"$S/pair.hosts"

# t PLATFORM ROUTING ALGO SIZE [RUN ARGS...]: the simulated time in us
t() {
    local pl=$1 r=$2 algo=$3 size=$4
    shift 4
    "$collsim" run --platform "$S/$pl.xml" --routing "$r" --algo "$algo" --sizes "$size" --quiet \
        --csv "$S/t.csv" "$@" >/dev/null || { echo failed; return; }
    csv_col "$S/t.csv" avg_s | awk '{ printf "%.12g", $1 * 1e6 }'
}
th=1 T=$(calc "1048592 * 1e-4") # us: t_h, m' t_b at 1 MiB
tol=0.01

ctr=$(t ring16 ctr linear 1M --hostfile "$S/pair.hosts" --np 2)
sfr=$(t ring16 sfr linear 1M --hostfile "$S/pair.hosts" --np 2)
check_claim "$key" Q1.ctr "$(calc "$T + 8 * $th")" "$ctr" $tol
check_claim "$key" Q1.sfr "$(calc "8 * ($T + $th)")" "$sfr" $tol
check_claim "$key" Q1.ratio "$(calc "8 * ($T + $th) / ($T + 8 * $th)")" "$(calc "$sfr / $ctr")" 1e-3

f=$(calc "8 * ($T + $th)")
check_claim "$key" Q2.ring "$f" "$(t ring16 ctr ring 1M)" $tol
check_claim "$key" Q2.ring "$f" "$(t ring16 sfr ring 1M)" $tol
hc=$(t ring16 ctr ring_halving 1M) hs=$(t ring16 sfr ring_halving 1M)
check_claim "$key" Q2.halving_ctr "$(calc "4 * $T + 15 * $th")" "$hc" $tol
check_claim "$key" Q2.halving_sfr "$(calc "15 * ($T + $th)")" "$hs" $tol
faster() { awk -v x="$1" -v y="$2" 'BEGIN { print x < y ? "ring" : "ring_halving" }'; }
assert_eq "Q2.best_ctr: key vs runs" "$(faster "$(t ring16 ctr ring 1M)" "$hc")" "$(key_word "$key" Q2.best_ctr)"
assert_eq "Q2.best_sfr: key vs runs" "$(faster "$(t ring16 sfr ring 1M)" "$hs")" "$(key_word "$key" Q2.best_sfr)"

f=$(calc "2 * 2 * ($T + $th)")
check_claim "$key" Q3.torus "$f" "$(t torus4x4 ctr torus 1M)" $tol
check_claim "$key" Q3.torus "$f" "$(t torus4x4 sfr torus 1M)" $tol
check_claim "$key" Q3.halving_ctr "$(calc "4 * $T + 2 * $th * (4 - 1)")" "$(t torus4x4 ctr torus_halving 1M)" $tol
check_claim "$key" Q3.halving_sfr "$(calc "(2 + 1 + 2 + 1) * ($T + $th)")" "$(t torus4x4 sfr torus_halving 1M)" $tol

f=$(calc "4 * ($T + $th)")
check_claim "$key" Q4.cube "$f" "$(t cube4 ctr hypercube 1M)" $tol
check_claim "$key" Q4.cube "$f" "$(t cube4 sfr hypercube 1M)" $tol

m=65536
check_claim "$key" Q5.gather "$(calc "4 * $th + (15 * $m + 4 * 16) * 1e-4")" \
    "$(t cube4 sfr hypercube 64K --collective gather)" $tol
check_claim "$key" Q5.allgather "$(calc "15 * ($th + ($m + 16) * 1e-4)")" \
    "$(t ring16 sfr ring 64K --collective allgather)" $tol
finish
