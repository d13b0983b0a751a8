#!/usr/bin/env bash
# metrics.sh COLLSIM SRCDIR: `platform info` (SimGrid's own routes) agrees with the topology
# table of docs/references.md#topology-metrics; the expected numbers are computed here. The
# bisection's bandwidth is its links times the link bandwidth (10 GB/s by --bandwidth), and a
# node injects on as many links as it has neighbours (one for a fat tree's host).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
info() { "$collsim" platform info "$1" | sed -n "s/^$2: //p"; }
check() { # FILE NODES LINKS DIAMETER BISECTION [INJECTION]
    assert_eq "$1 nodes" "$2" "$(info "$1" nodes)"
    assert_eq "$1 links" "$3" "$(info "$1" links)"
    assert_eq "$1 diameter" "$4" "$(info "$1" diameter)"
    assert_eq "$1 bisection" "$5 links, $(awk -v n="$5" 'BEGIN { printf "%g", n * 1e10 }') B/s" \
        "$(info "$1" bisection)"
    [ -z "${6:-}" ] || assert_eq "$1 injection" "$6 links a node, $(awk -v n="$6" 'BEGIN { printf "%g", n * 1e10 }') B/s" \
        "$(info "$1" injection | sed 's/ (host.*//')"
}
for p in 5 8 16; do # ring: p links, diameter floor(p/2), bisection 2
    "$collsim" platform ring --nodes $p --bandwidth 10GBps -o "$tmp/ring$p.xml"
    check "$tmp/ring$p.xml" $p $p $((p / 2)) 2 2
done
for a in 4 6; do # 2D torus, p = a^2: 2p links, diameter 2 floor(a/2), bisection 2a
    "$collsim" platform torus --dims ${a}x$a --bandwidth 10GBps -o "$tmp/t$a.xml"
    p=$((a * a))
    check "$tmp/t$a.xml" $p $((2 * p)) $((2 * (a / 2))) $((2 * a)) 4
done
for a in 3 4; do # 3D torus, p = a^3: 3p links, diameter 3 floor(a/2), bisection 2 a^2
    "$collsim" platform torus --dims ${a}x${a}x$a --bandwidth 10GBps -o "$tmp/t3d$a.xml"
    p=$((a * a * a))
    check "$tmp/t3d$a.xml" $p $((3 * p)) $((3 * (a / 2))) $((2 * a * a)) 6
done
for d in 2 3 4 6; do # hypercube, p = 2^d: p d / 2 links, diameter d, bisection p/2
    "$collsim" platform hypercube --dim $d --bandwidth 10GBps -o "$tmp/h$d.xml"
    p=$((1 << d))
    check "$tmp/h$d.xml" $p $((p * d / 2)) $d $((p / 2)) $d
done
# every pair of the hypercube is routed e-cube: hops = popcount(src xor dst)
bad=0
while read -r s d h _; do
    [ "${s#\#}" != "$s" ] && continue
    x=$((${s#n} ^ ${d#n})) n=0
    while [ $x -gt 0 ]; do n=$((n + (x & 1))); x=$((x >> 1)); done
    [ "$n" -eq "$h" ] || bad=$((bad + 1))
done < <("$collsim" platform info "$tmp/h4.xml" --hops)
assert_eq "hypercube pairs whose hops differ from popcount(src xor dst)" 0 "$bad"
# fat tree: 64 host links plus 8 leaves x 8 uplinks; 2:1 oversubscription halves the uplinks
"$collsim" platform fattree --nodes 64 --bandwidth 10GBps -o "$tmp/f1.xml"
"$collsim" platform fattree --nodes 64 --bandwidth 10GBps --oversubscription 2 -o "$tmp/f2.xml"
assert_eq "fat tree 1:1 links" $((64 + 8 * 8)) "$(info "$tmp/f1.xml" links)"
assert_eq "fat tree 2:1 links" $((64 + 8 * 4)) "$(info "$tmp/f2.xml" links)"
assert_eq "fat tree diameter (host, leaf, top, leaf, host)" 4 "$(info "$tmp/f1.xml" diameter)"
# bisection: the uplinks of half the leaves, 4 x 8 (1:1) and 4 x 4 (2:1); one link a host
assert_eq "fat tree 1:1 bisection" "32 links, 3.2e+11 B/s" "$(info "$tmp/f1.xml" bisection)"
assert_eq "fat tree 2:1 bisection" "16 links, 1.6e+11 B/s" "$(info "$tmp/f2.xml" bisection)"
assert_eq "fat tree injection" "1 link a node, 1e+10 B/s" "$(info "$tmp/f1.xml" injection | sed 's/ (host.*//')"
finish
