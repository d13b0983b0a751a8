#!/usr/bin/env bash
# anatomy.sh COLLSIM SRCDIR: nodes of cores on every kind's network (--sockets/--cores, and a
# profile's [network] line). Every pair's hops and latency come from the route worked out by
# hand from src/platform/README.md: inside a node [core up, memory of the socket, (the link
# between sockets), core down]; between nodes [core up, memory, (link between sockets to the
# NIC's socket 0), NIC up, the network's links, NIC down, (link between sockets), memory, core
# down], with the XL250a's numbers (core 100 ns 12 GB/s, memory 50 ns 68 GB/s, between sockets
# 250 ns 38.4 GB/s, NIC 500 ns 12.5 GB/s) and the kind's links (1 us, 10 GB/s by default).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# bad_pairs FILE.xml CORES NETHOPS: pairs whose hops, latency or bandwidth differ from the hand
# rule; CORES a node's cores (socket of core c: c >= CORES/2 on two sockets, SOCKETS=2 env),
# NETHOPS an awk expression of s and d (node numbers) giving the network's links between them.
bad_pairs() {
    "$collsim" platform info "$1" --hops | awk -v cores="$2" -v sockets="${SOCKETS:-1}" "
        function nh(s, d) { return $3 }"'
        function sock(c) { return sockets > 1 && c >= cores / 2 ? 1 : 0 }
        /^#/ { next }
        { split($1, a, /[nc-]+/); split($2, b, /[nc-]+/)
          sn = a[2]; sc = a[3]; dn = b[2]; dc = b[3]
          if (sn == dn) {
              q = sock(sc) != sock(dc); hops = 3 + 2 * q; lat = 250e-9 + 300e-9 * q; bw = 12e9
          } else {
              q = sock(sc) + sock(dc); h = nh(sn, dn)
              hops = 6 + h + q; lat = 1.3e-6 + h * 1e-6 + q * 250e-9; bw = 10e9
          }
          d = $4 - lat; if (d < 0) d = -d
          if ($3 != hops || d > 1e-12 || $5 != bw) { bad++; if (bad < 4) print "off:", $0, hops, lat, bw > "/dev/stderr" }
          n++ }
        END { print n + 0, bad + 0 }'
}

# torus 3x3, 2 sockets of 2 cores: 9 nodes, 36 hosts, 36 x 35 pairs; the network's hops are the
# torus distance (a side of 3: |dx| or 3 - |dx|)
"$collsim" platform torus --dims 3x3 --sockets 2 --cores 2 -o "$tmp/t.xml"
got=$(SOCKETS=2 bad_pairs "$tmp/t.xml" 4 '(w(s % 3, d % 3) + w(int(s / 3), int(d / 3))) } function w(x, y) { x = x - y; if (x < 0) x = -x; return x < 3 - x ? x : 3 - x')
assert_eq "torus 3x3 of 2x2 cores: pairs, off the hand rule" "1260 0" "$got"
assert_eq "torus 3x3: hosts" 36 "$(grep -c . "$tmp/t.hosts")"
assert_eq "host n4-c2 is on socket 1" 1 "$(grep -A3 '<host id="n4-c2"' "$tmp/t.xml" | grep -c 'collsim.socket" value="1"')"
assert_eq "the network prop" 1 "$(grep -c '<prop id="collsim.network" value="torus 3x3"/>' "$tmp/t.xml")"

# hypercube of dimension 3, one socket of 2 cores: the network's hops are the differing bits
"$collsim" platform hypercube --dim 3 --cores 2 -o "$tmp/h.xml"
got=$(bad_pairs "$tmp/h.xml" 2 'bits(xor(s, d)) } function xor(x, y,  r, i) { r = 0; for (i = 1; i <= 4; i *= 2) if (int(x / i) % 2 != int(y / i) % 2) r += i; return r } function bits(x,  n) { n = 0; while (x > 0) { n += x % 2; x = int(x / 2) } return n')
assert_eq "hypercube 3 of 2 cores: pairs, off the hand rule" "240 0" "$got"

# ring of 5: the short way round
"$collsim" platform ring --nodes 5 --cores 1 -o "$tmp/r.xml"
got=$(bad_pairs "$tmp/r.xml" 1 'w(s, d) } function w(x, y) { x = x - y; if (x < 0) x = -x; return x < 5 - x ? x : 5 - x')
assert_eq "ring 5 of 1 core: pairs, off the hand rule" "20 0" "$got"

# fat tree of 16 nodes (4 leaves of 4): the leaf switch (a FATPIPE link, no latency, counted as
# a hop) inside a leaf, else an uplink and a downlink
"$collsim" platform fattree --nodes 16 --cores 2 -o "$tmp/f.xml"
got=$("$collsim" platform info "$tmp/f.xml" --hops | awk '!/^#/ {
    split($1, a, /[nc-]+/); split($2, b, /[nc-]+/)
    if (a[2] == b[2]) next
    same = int(a[2] / 4) == int(b[2] / 4)
    want_h = same ? 7 : 8; want_l = same ? 1.3e-6 : 3.3e-6
    d = $4 - want_l; if (d < 0) d = -d
    if ($3 != want_h || d > 1e-12) bad++; n++ } END { print n + 0, bad + 0 }')
assert_eq "fattree 16 of 2 cores: pairs between nodes, off the hand rule" "960 0" "$got"
# a 2:1 fat tree of 16: 4 leaves with 2 uplinks each (leaf L to top T: net-up-L-T)
"$collsim" platform fattree --nodes 16 --oversubscription 2 --cores 1 -o "$tmp/f2.xml"
assert_eq "fattree 16, 2:1: uplinks" 8 "$(grep -c '<link id="net-up-' "$tmp/f2.xml")"

# dragonfly of 2 groups of 2 chassis of 2 routers of 2 nodes, 2 cores a node, links 4, 3, 2:
# node i on router i/2 = (g, c, r). n0 to n1: one router (its FATPIPE crossing, 7 hops, 1.3 us,
# capped by the crossing's 10 GB/s); to n2 (r1 of the chassis) a router link; to n6 (c1 r1) a
# router link then a chassis link; to n8 (group 1, c0 r0) the router link to r1 (which holds
# group 1's link) and the group link; n4 (c1 r0) to n15 (g1 c1 r1): router link in c1, chassis
# link to c0, group link, router link r0 -> r1 in g1's c0, chassis link to c1 (5 links); n4 to n2
# (c0 r1): router link in c1, chassis link to c0 (SimGrid's own cluster slips to 1 link here)
"$collsim" platform dragonfly --groups 2 --chassis 2 --routers 2 --nodes-per-router 2 --global-links 4 \
    --chassis-links 3 --router-links 2 --cores 2 -o "$tmp/df.xml"
got=$("$collsim" platform info "$tmp/df.xml" --hops | awk '
    ($1 == "n0-c0" && ($2 == "n1-c0" || $2 == "n2-c0" || $2 == "n6-c0" || $2 == "n8-c0")) ||
    ($1 == "n4-c0" && ($2 == "n15-c0" || $2 == "n2-c0")) { printf "%s-%s %s %s %s;", $1, $2, $3, $4, $5 }')
assert_eq "dragonfly of 2 cores: six routes" "n0-c0-n1-c0 7 1.3e-06 1e+10;n0-c0-n2-c0 7 2.3e-06 1.2e+10;n0-c0-n6-c0 8 3.3e-06 1.2e+10;n0-c0-n8-c0 8 3.3e-06 1.2e+10;n4-c0-n2-c0 8 3.3e-06 1.2e+10;n4-c0-n15-c0 11 6.3e-06 1.2e+10;" "$got"
assert_eq "dragonfly links: levels' bandwidths (router 2x, chassis 3x, group 4x 10 GB/s)" \
    "net-r-0-1_UP 2e+10;net-c-0-2_UP 3e+10;net-g-0-1_UP 4e+10;" \
    "$(grep -oE '<link id="net-(r-0-1|c-0-2|g-0-1)_UP" bandwidth="[0-9]+Bps"' "$tmp/df.xml" | sed 's/<link id="//; s/" bandwidth="/ /; s/Bps"//' | awk '{ printf "%s %g;", $1, $2 }')"

# SimGrid's two-level parameters: 2 leaves of 4 nodes (a node count that is no square), 2 top
# switches; n0 to n1 inside leaf 0 (7 hops, 1.3 us), n0 to n5 over a top switch (8, 3.3 us)
"$collsim" platform fattree --levels 2 --down 4,2 --up 1,2 --parallel 1,1 --cores 1 -o "$tmp/f3.xml"
got=$("$collsim" platform info "$tmp/f3.xml" --hops | awk '$1 == "n0-c0" && ($2 == "n1-c0" || $2 == "n5-c0") { printf "%s %s %s;", $2, $3, $4 }')
assert_eq "fattree 4,2 of 1 core: two routes" "n1-c0 7 1.3e-06;n5-c0 8 3.3e-06;" "$got"

# --map-by socket deals a node's ranks over its sockets: c0 c2 c1 c3 on 2 sockets of 2
"$collsim" platform crossbar --nodes 2 --sockets 2 --cores 2 --map-by socket -o "$tmp/x.xml"
assert_eq "map-by socket" "n0-c0 n0-c2 n0-c1 n0-c3 n1-c0" "$(head -5 "$tmp/x.hosts" | paste -sd' ')"

# a profile whose [network] is a torus: the xl250a profile on a 2x2 torus of 2 us links
sed 's/^platform = crossbar.*/platform = torus dims=2x2 latency=2us bandwidth=10GBps/' \
    "$src/machines/xl250a.machine" >"$tmp/xt.machine"
"$collsim" platform --machine "$tmp/xt.machine" --nodes 4 -o "$tmp/xt.xml"
# n0-c0 to n3-c0: 1.3 us of the node ends, two torus links of 2 us
got=$("$collsim" platform info "$tmp/xt.xml" --hops | awk '$1 == "n0-c0" && $2 == "n3-c0" { print $3, $4 }')
assert_eq "profile on a torus: n0-c0 to n3-c0" "8 5.3e-06" "$got"
assert_one_line_error "profile network of 4 nodes, --nodes 3" \
    "$collsim" platform --machine "$tmp/xt.machine" --nodes 3 -o "$tmp/bad.xml"
# a line without its links' latency or bandwidth is refused (it took 1 us and 10 GB/s without a
# word); one without a node count takes --nodes'
sed 's/^platform = crossbar.*/platform = fattree/' "$src/machines/xl250a.machine" >"$tmp/xf.machine"
assert_one_line_error "profile network without latency and bandwidth" \
    "$collsim" platform --machine "$tmp/xf.machine" --nodes 4 -o "$tmp/bad.xml"
"$collsim" platform --machine "$tmp/xf.machine" --nodes 4 -o "$tmp/bad.xml" 2>&1 |
    grep -q "\[network\]: 'fattree' needs latency=... and bandwidth=..." && pass ||
    fail "profile network without latency and bandwidth: the message"
sed -i 's/^platform = fattree$/platform = fattree latency=1us bandwidth=5GBps/' "$tmp/xf.machine"
"$collsim" platform --machine "$tmp/xf.machine" --nodes 4 -o "$tmp/xf.xml"
assert_eq "profile fattree line without nodes: --nodes 4" 4 \
    "$(grep -c 'collsim.core" value="0"' "$tmp/xf.xml")"
sed 's/^platform = crossbar.*/platform = torus dims=2x2 colour=red/' \
    "$src/machines/xl250a.machine" >"$tmp/xbad.machine"
assert_one_line_error "profile network with an unknown key" \
    "$collsim" platform --machine "$tmp/xbad.machine" --nodes 4 -o "$tmp/bad.xml"

# errors: one line, no file
o="-o $tmp/bad.xml"
assert_one_line_error "--sockets without --cores" "$collsim" platform ring --nodes 4 --sockets 2 $o
assert_one_line_error "--cores 0" "$collsim" platform ring --nodes 4 --cores 0 $o
assert_one_line_error "xl250a has its own anatomy" "$collsim" platform xl250a --cores 2 $o
assert_one_line_error "fattree of one level cannot join nodes" \
    "$collsim" platform fattree --levels 1 --down 4 --up 1 --parallel 1 --cores 2 $o
assert_one_line_error "fattree with parallel links cannot join nodes" \
    "$collsim" platform fattree --levels 2 --down 4,2 --up 1,2 --parallel 1,2 --cores 2 $o
assert_one_line_error "more than 512 nodes with cores" "$collsim" platform torus --dims 32x32 --cores 2 $o
assert_one_line_error "profile and --cores" \
    "$collsim" platform --machine "$src/machines/xl250a.machine" --nodes 2 --cores 2 $o
assert_one_line_error "map-by an unknown level" "$collsim" platform ring --nodes 4 --cores 2 --map-by ccx $o
assert_eq "no file left by the errors" 0 "$(ls "$tmp"/bad.* 2>/dev/null | wc -l)"

# a run: every rank's data checked, on the traced platform (collsim traces it)
out=$("$collsim" run --platform "$tmp/t.xml" --collective allreduce --algo ring,recursive_doubling \
    --sizes 1K,64K 2>&1)
assert_eq "allreduce on the torus of nodes: rows" 4 "$(printf '%s\n' "$out" | grep -cE '^(1024|65536) ')"

# a study spec's generator line with sockets, cores and map-by: one platform per map-by value,
# named after them, each with its own hostfile
"$collsim" study --platform 'crossbar nodes=2 sockets=2 cores=2 map-by=socket,core' \
    --collectives bcast --algo binomial --no-compare --sizes 1K --no-trace --out "$tmp/st" >/dev/null 2>&1
assert_eq "study platforms" "crossbar-2-s2-c2-bycore.xml crossbar-2-s2-c2-bysocket.xml" \
    "$(cd "$tmp/st/platforms" && ls *.xml | paste -sd' ')"
assert_eq "study: map-by socket's hostfile" "n0-c0 n0-c2" \
    "$(head -2 "$tmp/st/platforms/crossbar-2-s2-c2-bysocket.hosts" | paste -sd' ')"
assert_eq "study: a checked row on each" 2 "$(grep -c '^crossbar-2-s2-c2-by[a-z]*,bcast,binomial,.*,1024,.*,1,' "$tmp/st/summary.csv")"
finish
