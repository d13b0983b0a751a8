#!/usr/bin/env bash
# dragonfly.sh COLLSIM SRCDIR: `collsim platform dragonfly` (SimGrid's DRAGONFLY cluster) and
# what `platform info` says of it, against values worked out by hand from SimGrid 3.32's
# minimal routing (src/platform/README.md, "The dragonfly"): the hop count of every pair, the
# links of each level and their bandwidth (links x --bandwidth), the diameter, the bisection,
# the default links per level; then a traced `collsim run` on it.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
info() { "$collsim" platform info "$1" | sed -n "s/^$2: //p"; }
hops() { "$collsim" platform info "$1" --hops | awk -v s="$2" -v d="$3" '$1 == s && $2 == d { print $3 }'; }

# 2 groups of 2 chassis of 2 routers of 2 nodes: node ((g 2 + c) 2 + r) 2 + i
f=$tmp/d2.xml
"$collsim" platform dragonfly --groups 2 --chassis 2 --routers 2 --nodes-per-router 2 \
    --global-links 4 --chassis-links 3 --router-links 2 --latency 1us --bandwidth 10GBps -o "$f"
assert_eq "status" 0 $?
assert_eq "dims prop: SimGrid's topo_parameters" "2,4;2,3;2,2;2" "$(info "$f" dims)"
grep -q 'topology="DRAGONFLY" topo_parameters="2,4;2,3;2,2;2" sharing_policy="SPLITDUPLEX"' "$f" && pass ||
    fail "no DRAGONFLY cluster in $f"
assert_eq "hostfile: rank i on ni" "$(seq 0 15 | sed 's/^/n/')" "$(cat "$tmp/d2.hosts")"
assert_eq "nodes" 16 "$(info "$f" nodes)"
# hand-worked routes: [host up] [router link] [chassis link] [global link] ... [host down]
assert_eq "n0 -> n1, same router: host, host" 2 "$(hops "$f" n0 n1)"
assert_eq "n0 -> n2, same chassis: host, router, host" 3 "$(hops "$f" n0 n2)"
assert_eq "n0 -> n4, same group, same router of another chassis: host, chassis, host" 3 "$(hops "$f" n0 n4)"
assert_eq "n0 -> n6, same group, other chassis and router: host, router, chassis, host" 4 "$(hops "$f" n0 n6)"
# SimGrid 3.32's same-group routes from a chassis other than 0 take the router link in their
# chassis, then go on as if they were in chassis 0: n4 -> n2 misses its chassis link, n4 -> n6
# (one chassis) takes the chassis link from chassis 0 to 1 of router 1
assert_eq "n4 -> n2 (SimGrid: host, router, host)" 3 "$(hops "$f" n4 n2)"
assert_eq "n4 -> n6 (SimGrid: host, router, chassis 0 to 1, host)" 4 "$(hops "$f" n4 n6)"
# other group: to router 1 (its link to group 1), global, lands on router 0 of group 1
assert_eq "n0 -> n8, other group: host, router, global, host" 4 "$(hops "$f" n0 n8)"
assert_eq "n2 -> n8, from router 1 of chassis 0: host, global, host" 3 "$(hops "$f" n2 n8)"
assert_eq "n5 -> n15: host, router, chassis, global, router, chassis, host" 7 "$(hops "$f" n5 n15)"
assert_eq "diameter" 7 "$(info "$f" diameter)"
# 16 host links, G C R(R-1)/2 = 4 router, G R C(C-1)/2 = 4 chassis, G(G-1)/2 = 1 global
assert_eq "links" 25 "$(info "$f" links)"
assert_eq "links per level (a level's link: its links x 10 GB/s)" \
    "host 16 (1e+10 B/s each), router 4 (2e+10 B/s each), chassis 4 (3e+10 B/s each), global 1 (4e+10 B/s each)" \
    "$(info "$f" 'links per level')"
assert_eq "bisection: the global link between group 0 and group 1" \
    "1 link, 4e+10 B/s (global links between group 0 and the others)" "$(info "$f" bisection)"
assert_eq "injection" "1 link a node, 1e+10 B/s (host n0's routes)" "$(info "$f" injection)"
assert_eq "n0 -> n8 latency and bandwidth: 4 links of 1 us, the host links' 10 GB/s" "4e-06 1e+10" \
    "$("$collsim" platform info "$f" --hops | awk '$1 == "n0" && $2 == "n8" { print $4, $5 }')"

# every pair of three shapes against SimGrid's minimal routing, worked out from the places:
# same router 2; other group: 2 + 1 (global) + [router != target group] + [chassis != 0] on
# the way out + [target router != source group] + [target chassis != 0] on the way in; same
# group, other router: 3 + [target chassis != 0] (SimGrid's routing, above); same router
# position, other chassis: 3
bad_pairs() { # FILE G C R N
    "$collsim" platform info "$1" --hops | awk -v G="$2" -v C="$3" -v R="$4" -v N="$5" '
        function place(h, a) { h = substr(h, 2); a["r"] = int(h / N) % R; a["c"] = int(h / (N * R)) % C
                               a["g"] = int(h / (N * R * C)) }
        /^#/ { next }
        { place($1, s); place($2, d)
          if (s["g"] != d["g"])
              want = 3 + (s["r"] != d["g"]) + (s["c"] != 0) + (d["r"] != s["g"]) + (d["c"] != 0)
          else if (s["r"] != d["r"]) want = 3 + (d["c"] != 0)
          else if (s["c"] != d["c"]) want = 3
          else want = 2
          if ($3 != want) bad++; n++ }
        END { print n + 0, bad + 0 }'
}
for shape in "2 2 2 2" "3 2 3 2" "2 3 4 1" "1 3 2 2" "4 1 4 2"; do
    set -- $shape
    "$collsim" platform dragonfly --groups $1 --chassis $2 --routers $3 --nodes-per-router $4 -o "$tmp/s.xml"
    p=$(($1 * $2 * $3 * $4))
    assert_eq "dragonfly $shape: pairs, and pairs off SimGrid's minimal routes" "$((p * (p - 1))) 0" \
        "$(bad_pairs "$tmp/s.xml" $shape)"
done

# 3 groups: 36 host, 3 x 2 x 3 router, 3 x 3 chassis, 3 global links; the cut puts group 0
# against groups 1 and 2: 2 global links, each of the default 4 (C R N / G = 12 / 3)
"$collsim" platform dragonfly --groups 3 --chassis 2 --routers 3 --nodes-per-router 2 -o "$tmp/d3.xml"
assert_eq "3 groups: links" 66 "$(info "$tmp/d3.xml" links)"
assert_eq "3 groups: bisection" "2 links, 8e+10 B/s (global links between group 0 and the others)" \
    "$(info "$tmp/d3.xml" bisection)"
assert_eq "3 groups: diameter" 7 "$(info "$tmp/d3.xml" diameter)"
# one group: the cut is between chassis 0-1 and 2-3, R = 2 chassis links for each of the 4
# pairs across; diameter 4 (host, router, chassis, host)
"$collsim" platform dragonfly --groups 1 --chassis 4 --routers 2 --nodes-per-router 2 \
    --chassis-links 1 -o "$tmp/g1.xml"
assert_eq "1 group: bisection" "8 links, 8e+10 B/s (chassis links between chassis 0-1 and the others)" \
    "$(info "$tmp/g1.xml" bisection)"
assert_eq "1 group: diameter" 4 "$(info "$tmp/g1.xml" diameter)"
"$collsim" platform dragonfly --groups 1 --chassis 1 --routers 1 --nodes-per-router 4 -o "$tmp/r1.xml"
assert_eq "one router: no bisection" "- (one router: no link between two halves)" "$(info "$tmp/r1.xml" bisection)"
assert_eq "one router: diameter" 2 "$(info "$tmp/r1.xml" diameter)"

# the default links, worked out by hand for 4 x 2 x 4 x 8 (256 nodes, README.md): under
# all-to-all traffic a pair of routers carries N^2 / P = 1/4 host link; a global link
# (C R)^2 = 64 pairs: 16; the busiest chassis link towards chassis 0 1 + C R^2 = 33
# pairs: 8.25, so 9; the busiest router link (in chassis 0) C + C R + C^2 R = 26 pairs: 6.5, so 7
"$collsim" platform dragonfly --groups 4 --chassis 2 --routers 4 --nodes-per-router 8 -o "$tmp/d256.xml"
assert_eq "4x2x4x8 default links" "4,16;2,9;4,7;8" "$(info "$tmp/d256.xml" dims)"
assert_eq "4x2x4x8 bisection: 2 x 2 global links of 16 x 10 GB/s" \
    "4 links, 6.4e+11 B/s (global links between groups 0-1 and the others)" "$(info "$tmp/d256.xml" bisection)"
assert_eq "4x2x4x8 links: 256 + 48 + 16 + 6" 326 "$(info "$tmp/d256.xml" links)"
assert_eq "4x2x4x8 every pair examined" "65280 (every ordered pair)" "$(info "$tmp/d256.xml" 'routes examined')"

# a traced run: SimGrid traces the DRAGONFLY cluster's links, pj_dump reads the trace, and the
# broadcast reaches every rank
"$collsim" run --platform "$f" --np 16 --root 5 --algo binomial --sizes 1000,100000 --iters 1 \
    --quiet --trace "$tmp/d.trace" 2>"$tmp/err"
assert_eq "traced run on the dragonfly" 0 $?
grep -q '"blue_link_between_group_0_and_1_routers_1_and_4_[0-9]*_UP"' "$tmp/d.trace" && pass ||
    fail "the trace has no global link"
if pj_dump -l 9 "$tmp/d.trace" >/dev/null 2>"$tmp/pj"; then pass; else fail "pj_dump: $(head -2 "$tmp/pj")"; fi
# more global links make a large broadcast across groups no slower, and faster here
t() { "$collsim" run --platform "$1" --np 16 --algo binomial --sizes 1000000 --iters 1 --csv "$tmp/c.csv" \
    --quiet 2>/dev/null && csv_col "$tmp/c.csv" avg_s; }
"$collsim" platform dragonfly --groups 2 --chassis 2 --routers 2 --nodes-per-router 2 \
    --global-links 1 --chassis-links 3 --router-links 2 -o "$tmp/thin.xml"
thin=$(t "$tmp/thin.xml") thick=$(t "$f")
awk -v a="$thin" -v b="$thick" 'BEGIN { exit !(a > 0 && b > 0 && b < a) }' && pass ||
    fail "1 MB binomial broadcast: 4 global links ($thick s) not faster than 1 ($thin s)"
finish
