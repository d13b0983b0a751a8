#!/usr/bin/env bash
# fault.sh COLLSIM SRCDIR: the exclusive prefix reduction's data check is not vacuous: a byte of
# rank 5's result corrupted after the call makes every algorithm's run fail, naming rank and
# offset; rank 0's result, which MPI leaves undefined, is not checked, so corrupting it is no
# failure.
collsim=$1 src=$2
source "$src/tests/lib.sh"
plat=$(plat crossbar-64)
for algo in $(list_algos exscan '^none$' | cut -d' ' -f2); do
    err=$("$collsim" run --collective exscan --platform "$plat" --np 8 --algo "$algo" \
        --sizes 1000 --iters 1 --inject-fault 5:777 2>&1 >/dev/null)
    if [ $? -eq 0 ]; then fail "$algo: corrupted byte not detected"; fi
    if printf '%s' "$err" | grep -q "rank 5 received a wrong byte at offset 777"; then pass; else
        fail "$algo: error does not name rank 5, offset 777: $err"
    fi
    "$collsim" run --collective exscan --platform "$plat" --np 8 --algo "$algo" --sizes 1000 \
        --iters 1 --inject-fault 0:777 >/dev/null 2>&1 && pass ||
        fail "$algo: rank 0's undefined result was checked"
done
finish
