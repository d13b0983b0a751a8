#!/usr/bin/env bash
# settings.sh RECORDS SRCDIR COLLSIM: a trace records how its run was made (routing, eager
# threshold, ranks per host: the collsim_run state), and `collsim analyze` uses it when it is
# not told otherwise. Hand-made cases: a store-and-forward ring run with a 4 KiB eager
# threshold, and a crossbar run with two ranks per host, analyzed without --routing, --eager or
# --hostfile, must give the reports of the same traces analyzed with them.
collsim=$3 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ring=$src/platforms/ring-16.xml
"$collsim" run --platform "$ring" --algo binomial --sizes 16,1M --routing sfr --eager 4K \
    --iters 1 --trace "$tmp/r.trace" --quiet || fail "run on the ring"
pj_value=$(grep -c 'model=clean;routing=sfr;eager=4096;np=16;ranks_per_host=1;platform=ring-16' \
    "$tmp/r.trace")
[ "$pj_value" -ge 1 ] && pass || fail "the trace does not record the run's settings"
"$collsim" analyze "$tmp/r.trace" --platform "$ring" >"$tmp/own" || fail "analyze (own settings)"
"$collsim" analyze "$tmp/r.trace" --platform "$ring" --routing sfr --eager 4K >"$tmp/told" ||
    fail "analyze (told)"
"$collsim" analyze "$tmp/r.trace" --platform "$ring" --routing ctr >"$tmp/ctr" ||
    fail "analyze (forced ctr)"
assert_eq "report from the trace's settings = report told them" "" "$(cmp "$tmp/own" "$tmp/told")"
grep -q "eager below 4096 B; routing sfr" "$tmp/own" && pass || fail "own: not sfr / 4096"
grep -q "routing ctr" "$tmp/ctr" && pass || fail "--routing ctr does not override the trace"
# two ranks per host: rank 2i and 2i+1 on host i of the platform's hostfile
x=$(plat crossbar-64)
"$collsim" run --platform "$x" --np 8 --ranks-per-host 2 --algo binomial --sizes 1M --iters 1 \
    --trace "$tmp/s.trace" --quiet || fail "run with two ranks per host"
head -4 "${x%.xml}.hosts" | sed 'p' >"$tmp/s.hosts"
"$collsim" analyze "$tmp/s.trace" --platform "$x" >"$tmp/s-own" || fail "analyze (own placement)"
"$collsim" analyze "$tmp/s.trace" --platform "$x" --hostfile "$tmp/s.hosts" >"$tmp/s-told" ||
    fail "analyze (told the placement)"
assert_eq "placement from the trace = placement told" "" "$(cmp "$tmp/s-own" "$tmp/s-told")"
# ranks 0 and 1 share a host: their route is empty, so a = 0 in the platform parameters
grep -q "a = 0.000 us" "$tmp/s-own" && pass || fail "ranks 0 and 1 are not on one host"
finish
