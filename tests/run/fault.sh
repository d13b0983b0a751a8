#!/usr/bin/env bash
# fault.sh COLLSIM SRCDIR: the data check is not vacuous: a byte corrupted on one rank after
# the broadcast makes the run fail, naming that rank and offset; the CSV, written row by row,
# keeps the row that finished, marked invalid (valid 0), and no .part file.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=$(plat crossbar-64)
# every algorithm that runs on any platform (the topology-aware ones are checked in topology.sh)
for algo in $(list_algos bcast '^none$' | cut -d' ' -f2); do
    err=$("$collsim" run --platform "$plat" --np 8 --root 2 --algo "$algo" --sizes 1000 \
        --iters 1 --inject-fault 5:777 --csv "$tmp/f.csv" 2>&1 >/dev/null)
    st=$?
    if [ "$st" -eq 0 ]; then fail "$algo: corrupted byte not detected"; fi
    if printf '%s' "$err" | grep -q "rank 5 received a wrong byte at offset 777"; then pass; else
        fail "$algo: error does not name rank 5, offset 777: $err"
    fi
    [ ! -e "$tmp/f.csv.part" ] && [ "$(csv_col "$tmp/f.csv" valid 2>/dev/null)" = 0 ] && pass ||
        fail "$algo: the CSV is not the header and the invalid row"
    rm -f "$tmp/f.csv"
done
finish
