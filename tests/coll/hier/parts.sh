#!/usr/bin/env bash
# parts.sh COLLSIM SRCDIR: the hierarchical algorithms that run in parts side by side
# (hier_rule.h's hier_parts, and hier_tent_parts' unequal parts for the allgather): allreduce hier_rs (the node's rings in ring form, the columns
# halving) and allgather hier (every rank a leader), on crossbar-64 with K ranks a host: 2 x 4
# hosts, 3 x 4, 4 x 8 and 4 x 3 (a ring column), sizes whose parts, blocks and halves are
# uneven (the rule takes 1 to 7 parts), and 8 parts forced by COLLSIM_HIER_PARTS (1: none). The
# runner checks every rank's result after every call (for the all-reduce a SUM and a MAX call).
collsim=$1 src=$2
source "$src/tests/lib.sh"
plat=$(plat crossbar-64)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for coll in allreduce:hier_rs:65543,300001,1048579 allgather:hier:1000,8195,32771; do
    IFS=: read -r c algo sizes <<<"$coll"
    for spec in 2:8:default 3:12:default 4:32:default 4:12:default 3:12:8 2:8:1; do
        IFS=: read -r k np parts <<<"$spec"
        env=()
        [ "$parts" != default ] && env=(COLLSIM_HIER_PARTS="$parts")
        what="$c $algo K=$k np=$np parts=$parts"
        out=$(env "${env[@]}" "$collsim" run --platform "$plat" --ranks-per-host "$k" --np "$np" \
            --collective "$c" --algo "$algo" --sizes "$sizes" --iters 2 --warmup 1 2>&1)
        assert_eq "$what: status" 0 $?
        assert_eq "$what: rows" 3 "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')"
        if printf '%s' "$out" | grep -q INVALID; then fail "$what: $out"; fi
    done
done
# 20-byte blocks in columns (COLLSIM_HIER_LARGE=64; 4 nodes of 3 ranks): 8 parts forced are
# cut to 6, the most whose weights (1 2 4 4 2 1: 14) leave each part a byte (1, 3, 6, 5, 3 and 2
# bytes), so 8 and 6 give the same run, and one part another
for parts in 1 6 8; do
    out=$(COLLSIM_HIER_LARGE=64 COLLSIM_HIER_PARTS=$parts "$collsim" run --platform "$plat" \
        --ranks-per-host 3 --np 12 --collective allgather --algo hier --sizes 20 --iters 1 \
        --quiet --csv "$tmp/p$parts.csv" 2>&1)
    assert_eq "allgather hier, 20-byte blocks, $parts parts forced: status" 0 $?
    assert_eq "allgather hier, 20-byte blocks, $parts parts forced: valid" 1 "$(csv_col "$tmp/p$parts.csv" valid)"
done
assert_eq "8 parts of 20 bytes run as 6" "$(csv_col "$tmp/p6.csv" avg_s)" "$(csv_col "$tmp/p8.csv" avg_s)"
[ "$(csv_col "$tmp/p1.csv" avg_s)" != "$(csv_col "$tmp/p6.csv" avg_s)" ] && pass ||
    fail "6 parts of 20 bytes ran as one: the columns' form was not taken"
finish
