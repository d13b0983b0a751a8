#!/usr/bin/env bash
# rma_trace.sh COLLSIM SRCDIR: SimGrid leaves MPI_Put links open, so pj_dump rejects the raw
# trace; `collsim fix-trace` ends each at the origin's next synchronisation and pj_dump then
# reads it without -z. Every put of the program appears as a complete link.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
smpicc -O1 "$src/tests/fixtures/rma_put.c" -o "$tmp/put" 2>/dev/null || { fail "smpicc"; finish; exit 1; }
smpirun -np 4 -platform "$(plat crossbar-64)" -hostfile "$(dirname "$(plat crossbar-64)")/crossbar-64.hosts" \
    --log=root.thres:critical --cfg=smpi/simulate-computation:no --cfg=tracing:yes \
    --cfg=tracing/smpi:yes --cfg=tracing/smpi/internals:yes --cfg=tracing/smpi/display-sizes:yes \
    --cfg=tracing/precision:9 --cfg=tracing/filename:"$tmp/raw.trace" "$tmp/put" >/dev/null 2>&1
assert_eq "RMA program status (its own data check)" 0 $?
if pj_dump "$tmp/raw.trace" >/dev/null 2>&1; then fail "pj_dump read the raw trace: nothing to repair?"; else pass; fi
"$collsim" fix-trace "$tmp/raw.trace" "$tmp/fixed.trace" >"$tmp/note" 2>&1
assert_eq "fix-trace status" 0 $?
pj_dump -l 9 "$tmp/fixed.trace" >"$tmp/dump" 2>"$tmp/err" && pass || fail "pj_dump: $(head -2 "$tmp/err")"
# 3 fenced puts + 1 locked put, each a data link (-6666) and a header link (-6665)
assert_eq "complete put links" 8 "$(grep -cE '^Link, .*_-666[56]_[0-9]+$' "$tmp/dump")"
assert_eq "no link without a start" 0 "$(grep -c 'Link, .*, -1\.0' "$tmp/dump")"
# the raw trace's RMA starts that have no end are the links fix-trace must have closed
want=$(awk '/^%EventDef PajeStartLink/ { s = $3 } /^%EventDef PajeEndLink/ { e = $3 }
    /^[%#]/ { next } $1 == s && $7 ~ /_-666[56]_/ { st[$7] = 1 } $1 == e { en[$7] = 1 }
    END { n = 0; for (k in st) if (!(k in en)) n++; print n }' "$tmp/raw.trace")
[ "$want" -gt 0 ] && pass || fail "the raw trace has no open RMA link"
grep -q "closed $want RMA links" "$tmp/note" && pass || fail "expected $want closed, fix-trace said: $(cat "$tmp/note")"
# collsim's own one-sided broadcasts: every style's trace reads without -z
"$collsim" run --platform "$(plat crossbar-64)" --np 8 --root 3 \
    --algo rma_linear_fence,rma_binomial_pscw,rma_binary_lock --sizes 1000,100000 --iters 1 --quiet \
    --trace "$tmp/algos.trace"
assert_eq "traced RMA broadcasts" 0 $?
pj_dump -l 9 "$tmp/algos.trace" >"$tmp/adump" 2>"$tmp/aerr" && pass || fail "pj_dump on RMA broadcasts: $(head -2 "$tmp/aerr")"
[ "$(grep -c '_-6666_' "$tmp/adump")" -gt 0 ] && pass || fail "no put link in the RMA broadcasts' trace"
assert_one_line_error "fix-trace on a missing file" "$collsim" fix-trace "$tmp/none.trace" "$tmp/x.trace"
finish
