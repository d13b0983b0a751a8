#!/usr/bin/env bash
# figures.sh COLLSIM SRCDIR: the figures of docs/collectives/nodes.md, "Hierarchical against
# flat on the XL250a cluster": four XL250a nodes, 96 ranks (collsim platform --machine
# machines/xl250a.machine --nodes 4), clean model. With --map-by node (rank i on node i mod 4)
# every flat algorithm's neighbours sit on other nodes and its messages queue at the one NIC a
# node has; the hierarchical ones cross it with one leader's messages (or L blocks of m/L), so
# they win at large sizes. With --map-by core the flat ring and two-tree already keep most
# messages inside a node, and the hierarchical all-reduce wins only near 64 KiB. Asserted:
# who is faster, not the times (the table in the docs gives them).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for map in core node; do
    "$collsim" platform --machine "$src/machines/xl250a.machine" --nodes 4 --map-by $map \
        -o "$tmp/$map.xml" >/dev/null || fail "platform --map-by $map"
done
run() { # MAP COLLECTIVE ALGOS SIZES: one CSV row per algorithm and size into $tmp/MAP-COLL.csv
    "$collsim" run --platform "$tmp/$1.xml" --np 96 --collective "$2" --algo "$3" --sizes "$4" \
        --iters 1 --warmup 0 --quiet --csv "$tmp/$1-$2.csv" >/dev/null 2>&1 || fail "run $*"
}
t() { # MAP COLLECTIVE ALGO BYTES: its time in us
    awk -F, -v a="$3" -v m="$4" 'NR > 1 && $2 == a && $8 == m { printf "%.1f", $11 * 1e6 }' "$tmp/$1-$2.csv"
}
faster() { # WHAT A B: A < B
    if awk -v a="$2" -v b="$3" 'BEGIN { exit !(a != "" && b != "" && a + 0 < b + 0) }'; then pass; else
        fail "$1: $2 us is not below $3 us"
    fi
}
bflat=binomial,scatter_allgather_ring,two_tree,pipeline_chain
aflat=ring,rabenseifner,recursive_doubling
run node bcast "$bflat,hier" 4M
run node allreduce "$aflat,hier,hier_rs" 4M
run core allreduce "$aflat,hier_rs" 64K
for a in ${bflat//,/ }; do
    faster "map-by node, bcast 4 MiB: hier vs $a" "$(t node bcast hier 4194304)" "$(t node bcast $a 4194304)"
done
for a in ${aflat//,/ }; do
    faster "map-by node, allreduce 4 MiB: hier vs $a" "$(t node allreduce hier 4194304)" \
        "$(t node allreduce $a 4194304)"
    faster "map-by node, allreduce 4 MiB: hier_rs vs $a" "$(t node allreduce hier_rs 4194304)" \
        "$(t node allreduce $a 4194304)"
    faster "map-by core, allreduce 64 KiB: hier_rs vs $a" "$(t core allreduce hier_rs 65536)" \
        "$(t core allreduce $a 65536)"
done
finish
