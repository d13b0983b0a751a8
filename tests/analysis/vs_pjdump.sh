#!/usr/bin/env bash
# vs_pjdump.sh RECORDS SRCDIR COLLSIM: collsim's Paje reader reads what pj_dump -l 9 -u reads,
# record by record (containers, states, links with sizes, variables), on real traces: the
# runner's on several platforms, one with per-link bandwidth variables, and an RMA trace.
records=$1 src=$2 collsim=$3
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# numbers to 9 decimals on both sides; pj_dump's root container and the states' Size field
# (-u, SimGrid's "0" on every state) are left out
norm() {
    awk -F', ' -v OFS=', ' '$1 == "Container" && $NF == "0" { next }
        { if ($1 == "State") NF = 8
          for (i = 2; i <= NF; i++) if ($i ~ /^-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$/) $i = sprintf("%.9f", $i)
          if ($1 == "Variable") $NF = sprintf("%.6e", $NF) # pj_dump keeps 7 digits of a value
          print }' | LC_ALL=C sort
}
compare() { # TRACE NAME
    pj_dump -l 9 -u "$1" 2>"$tmp/pjerr" | norm >"$tmp/pj.txt"
    "$records" "$1" 2>"$tmp/err" | norm >"$tmp/ours.txt"
    [ -s "$tmp/pj.txt" ] || { fail "$2: pj_dump read nothing: $(head -1 "$tmp/pjerr")"; return; }
    if diff -q "$tmp/pj.txt" "$tmp/ours.txt" >/dev/null; then pass; else
        fail "$2: records differ from pj_dump: $(diff "$tmp/pj.txt" "$tmp/ours.txt" | head -4)"; fi
    assert_eq "$2: record count" "$(wc -l <"$tmp/pj.txt")" "$(wc -l <"$tmp/ours.txt")"
}
for plat in crossbar-64 torus-4x4 xl250a; do
    "$collsim" run --platform "$(plat "$plat")" --np 8 --algo binomial,linear --sizes 16,100000 \
        --iters 2 --quiet --trace "$tmp/$plat.trace" || fail "run on $plat"
    compare "$tmp/$plat.trace" "$plat"
done
# per-link bandwidth variables (tracing/uncategorized) from a raw smpirun
smpirun -np 4 -platform "$src/platforms/ring-16.xml" -hostfile "$src/platforms/ring-16.hosts" \
    --log=root.thres:critical --cfg=smpi/simulate-computation:no --cfg=tracing:yes \
    --cfg=tracing/smpi:yes --cfg=tracing/uncategorized:yes --cfg=tracing/precision:9 \
    --cfg=tracing/filename:"$tmp/vars.trace" "$(dirname "$collsim")/collsim-runner.so" --algo binomial \
    --sizes 1000 --iters 1 >/dev/null 2>&1
grep -q "^8 " "$tmp/vars.trace" && pass || fail "the variables trace has no SetVariable event"
compare "$tmp/vars.trace" "variables"
# RMA, repaired
smpicc -O1 "$src/tests/fixtures/rma_put.c" -o "$tmp/put" 2>/dev/null
smpirun -np 4 -platform "$(plat crossbar-64)" -hostfile "$(dirname "$(plat crossbar-64)")/crossbar-64.hosts" \
    --log=root.thres:critical --cfg=smpi/simulate-computation:no --cfg=tracing:yes --cfg=tracing/smpi:yes \
    --cfg=tracing/smpi/internals:yes --cfg=tracing/smpi/display-sizes:yes --cfg=tracing/precision:9 \
    --cfg=tracing/filename:"$tmp/rma.trace" "$tmp/put" >/dev/null 2>&1
"$collsim" fix-trace "$tmp/rma.trace" >/dev/null
compare "$tmp/rma.trace" "rma"
finish
