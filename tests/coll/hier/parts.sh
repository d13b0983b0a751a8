#!/usr/bin/env bash
# parts.sh COLLSIM SRCDIR: allreduce hier_rs in parts (hier_rule.h's hier_rs_parts, the node's
# rings in ring form and the columns halving), on crossbar-64 with K ranks a host: 2 x 4 hosts
# (ring form from 64 KiB), 3 x 4 and 4 x 8, sizes whose parts, blocks and halves are uneven
# (the rule takes 2 to 7 parts), and 8 parts forced by COLLSIM_HIER_PARTS. The runner checks
# every rank's result after every call (a SUM call and a MAX call).
collsim=$1 src=$2
source "$src/tests/lib.sh"
plat=$(plat crossbar-64)
for spec in 2:8:default 3:12:default 4:32:default 3:12:8 2:8:1; do
    IFS=: read -r k np parts <<<"$spec"
    env=()
    [ "$parts" != default ] && env=(COLLSIM_HIER_PARTS="$parts")
    what="hier_rs K=$k np=$np parts=$parts"
    out=$(env "${env[@]}" "$collsim" run --platform "$plat" --ranks-per-host "$k" --np "$np" \
        --collective allreduce --algo hier_rs --sizes 65543,300001,1048579 --iters 2 --warmup 1 2>&1)
    assert_eq "$what: status" 0 $?
    assert_eq "$what: rows" 3 "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')"
    if printf '%s' "$out" | grep -q INVALID; then fail "$what: $out"; fi
done
finish
