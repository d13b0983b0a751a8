#!/usr/bin/env bash
# machine.sh COLLSIM SRCDIR COLLECTIVE MAP: the hierarchical algorithms of COLLECTIVE on four
# XL250a nodes (collsim platform --machine machines/xl250a.machine --nodes 4 --map-by MAP, 96
# cores: 24 a node on two sockets), at 96, 72, 50 and 13 ranks (--map-by core: full nodes, three
# full nodes, a partly filled third node, one partial node; --map-by node: 24, 18, 13/13/12/12
# and 4/3/3/3 ranks a node, none contiguous; equal nodes take the allgather's columns, by
# recursive doubling for 4 nodes and by a ring for 3), roots {0, 1, p/2, p-1} for the rooted collectives; each at the default
# switch to the large-message phases (64 KiB) and with COLLSIM_HIER_LARGE=1 (every phase its
# large form, blocks of 0 bytes included). The runner checks every rank's result after every
# call.
collsim=$1 src=$2 coll=$3 map=$4
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$collsim" platform --machine "$src/machines/xl250a.machine" --nodes 4 --map-by "$map" \
    -o "$tmp/xl.xml" >/dev/null || fail "platform --map-by $map"
algos=$("$collsim" list --tsv | awk -F'\t' -v c="$coll" '$1 == c && $2 ~ /^hier/ { print $2 }' | paste -sd,)
[ -n "$algos" ] || fail "no hierarchical algorithm of $coll"
case $coll in
    alltoall | reduce_scatter*) sizes=0,1,1000,4099 ;; # p^2 m bytes in all: 96 ranks x 4 KiB blocks is 75 MiB
    allgather) sizes=0,1,1000,65543 ;;
    *) sizes=0,1,1000,65543,300001 ;;
esac
rooted=0
[ "$coll" = bcast ] || [ "$coll" = reduce ] && rooted=1
for np in 96 72 50 13; do
    roots=0
    [ $rooted = 1 ] && roots=$(root_classes "$np")
    for root in $roots; do
        for large in default 1; do
            env=()
            [ $large = 1 ] && env=(COLLSIM_HIER_LARGE=1)
            what="$coll $algos map-by $map np=$np root=$root large=$large"
            out=$(env "${env[@]}" "$collsim" run --platform "$tmp/xl.xml" --np "$np" --root "$root" \
                --collective "$coll" --algo "$algos" --sizes "$sizes" --iters 2 --warmup 1 2>&1)
            assert_eq "$what: status" 0 $?
            want=$(($(printf '%s' "$algos" | tr , '\n' | grep -c .) * $(printf '%s' "$sizes" | tr , '\n' | grep -c .)))
            assert_eq "$what: rows" "$want" "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')"
            if printf '%s' "$out" | grep -q INVALID; then fail "$what: $out"; fi
        done
    done
done
finish
