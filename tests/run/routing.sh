#!/usr/bin/env bash
# routing.sh COLLSIM SRCDIR: one message between two hosts l hops apart on the shipped ring,
# torus and hypercube (1 us, 10 GB/s links, t_s = 0): cut-through costs t_h l + (m + 16) t_b,
# store-and-forward l (t_h + (m + 16) t_b). m = 1 MiB, rendezvous. l is computed here from
# the topology, the times from the formulas.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
th=1e-6 tb=1e-10 m=1048576
one_message() { # PLATFORM SRC DST ROUTING: simulated time of one m-byte message
    printf 'n%s\nn%s\n' "$2" "$3" >"$tmp/pair.hosts"
    "$collsim" run --platform "$(plat "$1")" --hostfile "$tmp/pair.hosts" --np 2 \
        --algo linear --sizes $m --iters 1 --warmup 0 --routing "$4" --quiet --csv "$tmp/t.csv" ||
        { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
check() { # PLATFORM SRC DST HOPS
    local ctr sfr
    ctr=$(awk -v l="$4" -v th=$th -v tb=$tb -v m=$m 'BEGIN { printf "%.12g", th * l + (m + 16) * tb }')
    sfr=$(awk -v l="$4" -v th=$th -v tb=$tb -v m=$m 'BEGIN { printf "%.12g", l * (th + (m + 16) * tb) }')
    assert_near "$1 n$2->n$3 ($4 hops) cut-through" "$ctr" "$(one_message "$1" "$2" "$3" ctr)" 1e-6
    assert_near "$1 n$2->n$3 ($4 hops) store-and-forward" "$sfr" "$(one_message "$1" "$2" "$3" sfr)" 1e-6
}
ring_hops() { local d=$((($2 - $1 + $3) % $3)); echo $((d < $3 - d ? d : $3 - d)); }
torus_hops() { # A B SIDE: 2D torus, node = x + SIDE y
    local dx=$(((($1 % $3) - ($2 % $3) + $3) % $3)) dy=$(((($1 / $3) - ($2 / $3) + $3) % $3))
    echo $(((dx < $3 - dx ? dx : $3 - dx) + (dy < $3 - dy ? dy : $3 - dy)))
}
cube_hops() { local x=$(($1 ^ $2)) n=0; while [ $x -gt 0 ]; do n=$((n + (x & 1))); x=$((x >> 1)); done; echo $n; }
for pair in "0 5" "3 14" "0 8" "7 6"; do
    set -- $pair
    check ring-16 "$1" "$2" "$(ring_hops "$1" "$2" 16)"
done
for pair in "0 19" "0 63" "9 36"; do
    set -- $pair
    check torus-8x8 "$1" "$2" "$(torus_hops "$1" "$2" 8)"
done
for pair in "0 63" "5 10" "12 13"; do
    set -- $pair
    check hypercube-6 "$1" "$2" "$(cube_hops "$1" "$2")"
done
finish
