#!/usr/bin/env bash
# topology.sh COLLSIM SRCDIR: the ring, torus and hypercube q-shifts (and direct) on generated
# platforms of several sizes, shifts 1, 2, p-1, p/2, p-3 (what -3 is mod p), 0 and p+1, sizes
# 0, 1, 1000 and 65543; every rank's block is checked after every call.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data_check() { # PLATFORM.xml ALGOS
    local p q
    p=$(host_count "$1")
    for q in $(printf '%s\n' 1 2 $((p - 1)) $((p / 2)) $(((p - 3 % p) % p)) 0 $((p + 1)) | sort -nu); do
        data_run "$(basename "$1") $2 q=$q" --platform "$1" --collective qshift --algo "$2" --shift "$q"
    done
}
for n in 3 5 8 16; do
    "$collsim" platform ring --nodes $n -o "$tmp/ring$n.xml"
    data_check "$tmp/ring$n.xml" ring,direct
done
for d in 2x3 4x4 3x5 2x2x2 3x3x3 4x6; do
    "$collsim" platform torus --dims $d -o "$tmp/torus$d.xml"
    data_check "$tmp/torus$d.xml" torus,direct
done
for d in 1 2 3 4; do
    "$collsim" platform hypercube --dim $d -o "$tmp/cube$d.xml"
    data_check "$tmp/cube$d.xml" hypercube,direct
done
# misfits: one line, non-zero
assert_one_line_error "qshift ring on a torus" "$collsim" run --platform "$src/platforms/torus-4x4.xml" \
    --collective qshift --algo ring
assert_one_line_error "qshift torus on a crossbar" "$collsim" run --platform "$(plat crossbar-64)" \
    --collective qshift --algo torus
finish
