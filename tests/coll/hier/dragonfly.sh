#!/usr/bin/env bash
# dragonfly.sh COLLSIM SRCDIR: the dragonfly group-aware algorithms (dragonfly_groups*: the
# hierarchical ones with the dragonfly's groups as the nodes) on two small dragonflies,
# 2 groups x 2 chassis x 2 routers x 2 nodes (16 nodes) and 4 x 2 x 4 x 2 (64), one rank per
# node; roots {0, 1, p/2, p-1} for the broadcast; sizes 0, 1, 1000 and 65543, also with
# COLLSIM_HIER_LARGE=1 (every phase its large form). The runner checks every rank's result.
# They are refused on a platform that is not a dragonfly.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for shape in 2x2x2x2 4x2x4x2; do
    IFS=x read -r g c r n <<<"$shape"
    "$collsim" platform dragonfly --groups "$g" --chassis "$c" --routers "$r" --nodes-per-router "$n" \
        -o "$tmp/df.xml" >/dev/null || fail "platform dragonfly $shape"
    np=$((g * c * r * n))
    for coll in bcast allreduce reduce_scatter_block reduce_scatter; do
        algos=$("$collsim" list --tsv | awk -F'\t' -v c="$coll" '$1 == c && $2 ~ /^dragonfly_groups/ { print $2 }' | paste -sd,)
        [ -n "$algos" ] || fail "no dragonfly group algorithm of $coll"
        roots=0
        [ "$coll" = bcast ] && roots=$(root_classes "$np")
        for root in $roots; do
            for large in default 1; do
                env=()
                [ $large = 1 ] && env=(COLLSIM_HIER_LARGE=1)
                what="$coll $algos dragonfly $shape root=$root large=$large"
                out=$(env "${env[@]}" "$collsim" run --platform "$tmp/df.xml" --np "$np" --root "$root" \
                    --collective "$coll" --algo "$algos" --sizes 0,1,1000,65543 --iters 2 --warmup 1 2>&1)
                assert_eq "$what: status" 0 $?
                want=$(($(printf '%s' "$algos" | tr , '\n' | grep -c .) * 4))
                assert_eq "$what: rows" "$want" "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')"
                if printf '%s' "$out" | grep -q INVALID; then fail "$what: $out"; fi
            done
        done
    done
done
out=$("$collsim" run --platform "$(plat torus-4x4)" --np 16 --algo dragonfly_groups --sizes 1 2>&1)
[ $? -ne 0 ] || fail "dragonfly_groups ran on a torus: $out"
finish
