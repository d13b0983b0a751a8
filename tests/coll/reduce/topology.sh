#!/usr/bin/env bash
# topology.sh COLLSIM SRCDIR: pipeline_path (a chain along a Hamiltonian path of the ring,
# torus or hypercube). Data checks on several sizes of each topology and roots {0, 1, p-1, p/2}
# with segments small enough for several per message; a hand-worked time on hypercube-4.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data_check() { # PLATFORM.xml
    local root
    for root in $(root_classes "$(host_count "$1")"); do
        COLLSIM_SEGMENT=1000 data_run "$(basename "$1") pipeline_path root $root" \
            --platform "$1" --collective reduce --algo pipeline_path --root "$root"
    done
}
for n in 2 3 5 8; do
    "$collsim" platform ring --nodes $n -o "$tmp/ring$n.xml" >/dev/null
    data_check "$tmp/ring$n.xml"
done
for d in 2x3 3x5 4x4 3x3x3; do
    "$collsim" platform torus --dims $d -o "$tmp/torus$d.xml" >/dev/null
    data_check "$tmp/torus$d.xml"
done
for d in 1 2 3 4; do
    "$collsim" platform hypercube --dim $d -o "$tmp/cube$d.xml" >/dev/null
    data_check "$tmp/cube$d.xml"
done
# hypercube-4 (t_h = 1 us, t_b = 0.1 ns/B, t_s = 0), root 5, m = 1 MiB, s = 16 KiB (k = 64):
# every hop is one link, so a = t_h; a + t_b (s + 16) = 2.64 us > s/R = 2.05 us:
#   (p-1)(a + t_b (s + 16) + s/R) + (k-1)(a + t_b (s + 16))
m=1048576 s=16384
want=$(awk -v m=$m -v s=$s 'BEGIN { a = 1e-6; st = a + (s + 16) * 1e-10;
    printf "%.12g", 15 * (st + s / 8e9) + (m / s - 1) * st }')
COLLSIM_WINDOW=2 COLLSIM_SEGMENT=$s "$collsim" run --platform "$tmp/cube4.xml" --collective reduce \
    --algo pipeline_path --root 5 --reduce-rate 8e9 --sizes $m --iters 2 --warmup 0 --quiet \
    --csv "$tmp/t.csv" >/dev/null
assert_near "hypercube-4 pipeline_path root 5" "$want" "$(csv_col "$tmp/t.csv" avg_s | head -1)" 1e-2
finish
