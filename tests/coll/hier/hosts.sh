#!/usr/bin/env bash
# hosts.sh COLLSIM SRCDIR: every hierarchical algorithm with several ranks on one host
# (--ranks-per-host K on torus-4x4, whose hosts have a loopback link): K = 3 and 4, 7, 13 and 16
# ranks (the last host partly filled for 7 and 13), roots {0, 1, p/2, p-1}; and on one host
# alone (every rank on one node: the leaders' phase has one member). Sizes 0, 1, 1000 and
# 65543, also with COLLSIM_HIER_LARGE=1. The runner checks every rank's result.
collsim=$1 src=$2
source "$src/tests/lib.sh"
plat=$(plat torus-4x4)
for coll in bcast reduce allreduce allgather alltoall barrier reduce_scatter_block reduce_scatter; do
    algos=$("$collsim" list --tsv | awk -F'\t' -v c="$coll" '$1 == c && $2 ~ /^hier/ { print $2 }' | paste -sd,)
    for spec in 3:7 4:13 4:16 8:8 5:5; do
        k=${spec%%:*} np=${spec##*:}
        roots=0
        [ "$coll" = bcast ] || [ "$coll" = reduce ] && roots=$(root_classes "$np")
        for root in $roots; do
            for large in default 1; do
                env=()
                [ $large = 1 ] && env=(COLLSIM_HIER_LARGE=1)
                what="$coll $algos K=$k np=$np root=$root large=$large"
                out=$(env "${env[@]}" "$collsim" run --platform "$plat" --ranks-per-host "$k" \
                    --np "$np" --root "$root" --collective "$coll" --algo "$algos" \
                    --sizes 0,1,1000,65543 --iters 2 --warmup 1 2>&1)
                assert_eq "$what: status" 0 $?
                want=$(($(printf '%s' "$algos" | tr , '\n' | grep -c .) * 4))
                [ "$coll" = barrier ] && want=$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')
                assert_eq "$what: rows" "$want" "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')"
                if printf '%s' "$out" | grep -q INVALID; then fail "$what: $out"; fi
            done
        done
    done
done
finish
