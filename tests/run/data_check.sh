#!/usr/bin/env bash
# data_check.sh COLLECTIVE ALGO COLLSIM SRCDIR: one algorithm of one collective, every np in
# {1,2,3,5,8,13,16,24,31,64}, roots {0, 1, np-1, np/2}, sizes {0, 1, 1000, 65543}; the runner
# checks every rank's result after every call and fails on a wrong byte.
coll=$1 algo=$2 collsim=$3 src=$4
source "$src/tests/lib.sh"
select=()
[ "$coll" = bcast ] || select=(--collective "$coll") # the broadcast is the default
plat=$(plat crossbar-64)
for np in 1 2 3 5 8 13 16 24 31 64; do
    roots=$(printf '%s\n' 0 1 $((np - 1)) $((np / 2)) | awk -v n="$np" '$1 < n' | sort -nu)
    for root in $roots; do
        out=$("$collsim" run --platform "$plat" --np "$np" --root "$root" "${select[@]}" --algo "$algo" \
            --sizes 0,1,1000,65543 --iters 2 --warmup 1 2>&1)
        st=$?
        assert_eq "$algo np=$np root=$root status" 0 "$st"
        rows=$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')
        assert_eq "$algo np=$np root=$root rows" 4 "$rows"
        if printf '%s' "$out" | grep -q INVALID; then fail "$algo np=$np root=$root: $out"; fi
    done
done
finish
