#!/usr/bin/env bash
# determinism.sh COLLSIM SRCDIR: the same `collsim run` twice gives byte-identical CSV and
# trace; pj_dump reads the trace; the trace holds one collsim_phase state per phase and one
# zero-length collsim_run state, valued by the run's settings, before all of them (so that a
# reader hearing of states as they end knows the settings before the first phase).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
for i in 1 2; do
    mkdir -p "r$i" && cd "r$i" || exit 1
    "$collsim" run --platform "$src/platforms/torus-4x4.xml" --algo binomial,linear \
        --sizes 16,65536 --iters 2 --quiet --trace run.trace --csv run.csv
    assert_eq "run $i status" 0 $?
    cd ..
done
cmp -s r1/run.csv r2/run.csv && pass || fail "CSV files differ"
cmp -s r1/run.trace r2/run.trace && pass || fail "trace files differ"
if pj_dump -l 9 r1/run.trace >dump.txt 2>dump.err; then pass; else fail "pj_dump: $(head -3 dump.err)"; fi
phases=$(grep -c '^State, .*, collsim_phase, ' dump.txt)
assert_eq "phase states in the trace" 4 "$phases"
grep -q 'collsim_phase, .*bcast/linear/65536/0/0/2$' dump.txt && pass ||
    fail "no phase mark bcast/linear/65536/0/0/2"
assert_eq "the run's settings state" \
    "model=clean;routing=ctr;eager=65536;np=16;ranks_per_host=1;platform=torus-4x4" \
    "$(awk -F', ' '$1 == "State" && $3 == "collsim_run" { print $8 }' dump.txt)"
outside=$(awk -F', ' '$1 == "State" && $3 == "collsim_run" { s = $4; e = $5 }
    $1 == "State" && $3 == "collsim_phase" { ps[++n] = $4; pe[n] = $5 }
    END { for (i = 1; i <= n; i++) if (ps[i] < e) k++; print (s == e ? k + 0 : "a long settings state") }' dump.txt)
assert_eq "phases that start before the settings state ends" 0 "$outside"
finish
