#!/usr/bin/env bash
# predict.sh COLLSIM SRCDIR: `collsim predict` against the simulation and against formulas
# worked out here. On a crossbar (no link shared by two disjoint pairs, clean model) every
# row predict calls exact (empty note) must be within 1% of `collsim run`'s time, for
# several collectives, algorithms, p and sizes; the course rows (ctr, sfr) likewise on the
# generated ring, torus and hypercube; an estimate (note approx) within its stated bound;
# every algorithm of the registry a time or "no formula: REASON"; the best row of each size
# and model is its least time; bad inputs give one error line (tests/errors/cases.txt has
# more).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$collsim" platform crossbar --nodes 64 --latency 2us --bandwidth 5GBps -o "$tmp/xb.xml" >/dev/null ||
    { fail "cannot generate the crossbar"; finish; exit 1; }
calc() { awk "BEGIN { printf \"%.12g\", $1 }"; }
col() { # FILE ALGO BYTES MODEL COLUMN
    awk -F, -v a="$2" -v m="$3" -v mo="$4" -v c="$5" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
        $h["algorithm"] == a && $h["bytes"] == m && $h["model"] == mo { print $h[c] }' "$1"
}
us() { col "$@" predicted_s | awk '{ printf "%.12g\n", $1 * 1e6 }'; } # FILE ALGO BYTES MODEL

# compare PLATFORM MODEL COLL NP SIZES ALGOS [RUN_ARGS...]: compares every exact MODEL row of
# predict (given the array pargs too) with the run; prints the number of rows compared,
# "mismatch" when one is off by more than 1% (it runs in a subshell: at_least counts the
# result)
pargs=()
compare() {
    local plat=$1 model=$2 coll=$3 np=$4 sizes=$5 algos=$6
    shift 6
    "$collsim" run --platform "$plat" --collective "$coll" --np "$np" --sizes "$sizes" \
        --algo "$algos" --iters 1 --warmup 0 --quiet --csv "$tmp/r.csv" "$@" >/dev/null 2>&1 ||
        { fail "run $coll np=$np $algos $*"; echo 0; return; }
    "$collsim" predict --platform "$plat" --collective "$coll" --np "$np" --sizes "$sizes" \
        --algo "$algos" --csv "$tmp/p.csv" "${pargs[@]}" >/dev/null ||
        { fail "predict $coll np=$np"; echo 0; return; }
    awk -F, -v model="$model" -v what="$coll np=$np $*" '
        FNR == 1 { for (i = 1; i <= NF; i++) h[FILENAME, $i] = i; next }
        FILENAME ~ /r.csv$/ { sim[$h[FILENAME, "algorithm"], $h[FILENAME, "bytes"]] = $h[FILENAME, "avg_s"] * 1e6; next }
        $h[FILENAME, "model"] == model && $h[FILENAME, "note"] == "\"\"" {
            k = $h[FILENAME, "algorithm"] SUBSEP $h[FILENAME, "bytes"]
            p = $h[FILENAME, "predicted_s"] * 1e6; s = sim[k]; n++
            d = p - s; if (d < 0) d = -d
            if (!(k in sim) || d > 0.01 * s) {
                printf "FAIL: %s %s %s B: predicted %s us, simulated %s us\n", what,
                    $h[FILENAME, "algorithm"], $h[FILENAME, "bytes"], p, s > "/dev/stderr"; bad++ }
        }
        END { print bad ? "mismatch" : n + 0 }' "$tmp/r.csv" "$tmp/p.csv"
}

# at_least WHAT MIN N: the comparison covered at least MIN rows
at_least() {
    if [ "$3" = mismatch ]; then fail "$1: predicted and simulated times differ"
    elif [ "$3" -ge "$2" ]; then pass
    else fail "$1: $3 rows compared, expected at least $2"; fi
}

xb=$tmp/xb.xml
at_least "bcast np=8" 7 "$(compare "$xb" hockney bcast 8 0,1000,1M linear,binomial,binary,scatter_allgather_ring,scatter_allgather_rd)"
# 64 KiB: the scatter's messages are detached and overlap the allgather (approx, not compared);
# the trees' are rendezvous (exact)
at_least "bcast np=8 64K" 3 "$(compare "$xb" hockney bcast 8 65536 linear,binomial,binary,scatter_allgather_ring,scatter_allgather_rd)"
at_least "bcast np=13" 4 "$(compare "$xb" hockney bcast 13 1000,1M linear,binomial,binary)"
at_least "barrier np=5" 3 "$(compare "$xb" hockney barrier 5 0 linear,central,butterfly,dissemination)"
at_least "barrier np=8" 4 "$(compare "$xb" hockney barrier 8 0 linear,central,butterfly,dissemination)"
at_least "reduce np=8" 6 "$(compare "$xb" hockney reduce 8 1000,1M linear,binomial,rabenseifner,direct)"
at_least "reduce np=13" 4 "$(compare "$xb" hockney reduce 13 1000,1M linear,binomial,rabenseifner --root 3)"
at_least "allreduce np=8" 3 "$(compare "$xb" hockney allreduce 8 1000,1M recursive_doubling,ring,reduce_bcast)"
at_least "gather np=8" 4 "$(compare "$xb" hockney gather 8 1000,1M linear,binomial)"
at_least "scatter np=8" 3 "$(compare "$xb" hockney scatter 8 1000,1M linear,binomial)"
# 64 ranks of 4000 B: the root's first message is a rendezvous one, its last ones detached and
# sharing its link (binomial approx, not compared)
at_least "scatter np=64 4000" 1 "$(compare "$xb" hockney scatter 64 4000 linear,binomial)"
at_least "allgather np=8" 6 "$(compare "$xb" hockney allgather 8 1000,1M ring,bruck,neighbor_exchange,recursive_doubling)"
at_least "allgather np=13" 4 "$(compare "$xb" hockney allgather 13 1000,1M ring,bruck)"
at_least "alltoall np=8" 2 "$(compare "$xb" hockney alltoall 8 1000,1M pairwise)"
at_least "scan np=13" 4 "$(compare "$xb" hockney scan 13 1000,1M linear,recursive_doubling)"
# the course's formulas on their own topologies, both routings
for r in ctr sfr; do
    at_least "ring-16 $r" 2 "$(compare "$(plat ring-16)" $r bcast 16 1M ring,ring_halving --routing $r)"
    at_least "torus-8x8 $r" 2 "$(compare "$(plat torus-8x8)" $r bcast 64 1M torus,torus_halving --routing $r)"
    at_least "hypercube-6 $r gather" 1 "$(compare "$(plat hypercube-6)" $r gather 64 1M hypercube --routing $r)"
done

# the formulas of the pipelines, the multi-stream grids and the q-shift on the torus (exact):
# pipeline_binary, two_tree (p - 1 no power of two) and ring_bidir on the crossbar; the topology
# ones on their own platforms, both routings (every hop is one link: ctr and sfr agree)
at_least "bcast pipelines np=8" 8 "$(compare "$xb" hockney bcast 8 0,1000,65543,1M pipeline_binary,two_tree)"
at_least "bcast pipelines np=13" 8 "$(compare "$xb" hockney bcast 13 1,1000,65543,1M pipeline_binary,two_tree)"
at_least "bcast pipeline_binary np=64" 3 "$(compare "$xb" hockney bcast 64 1000,65543,1M pipeline_binary)"
at_least "allgather ring_bidir" 4 "$(compare "$xb" hockney allgather 8 1,1000,65543,1M ring_bidir)"
at_least "allgather ring_bidir np=13" 2 "$(compare "$xb" hockney allgather 13 1000,65543 ring_bidir)"
# the reduction chain is exact with 2 receives posted (COLLSIM_WINDOW=2): every segment pays its latency
at_least "reduce pipeline_chain window 2" 2 "$(COLLSIM_WINDOW=2 compare "$xb" hockney reduce 8 1000,1M pipeline_chain)"
for r in ctr sfr; do
    at_least "ring-16 $r pipelines" 2 "$(compare "$(plat ring-16)" $r bcast 16 1000,1M multichain --routing $r)"
    at_least "torus-4x4 $r pipelines" 4 "$(compare "$(plat torus-4x4)" $r bcast 16 1000,1M multichain,torus_trees --routing $r)"
    at_least "hypercube-4 $r pipelines" 4 "$(compare "$(plat hypercube-4)" $r bcast 16 1000,1M multichain,hypercube_esbt --routing $r)"
    at_least "torus-4x4 $r allgather" 2 "$(compare "$(plat torus-4x4)" $r allgather 16 1000,65543 torus_multi --routing $r)"
    at_least "torus-4x4x4 $r allgather" 1 "$(compare "$(plat torus-4x4x4)" $r allgather 64 1000 torus_multi --routing $r)"
    at_least "hypercube-4 $r allgather" 2 "$(compare "$(plat hypercube-4)" $r allgather 16 1000,65543 hypercube_multi --routing $r)"
    for q in 1 5 11; do
        pargs=(--shift $q)
        at_least "torus-4x4 $r q-shift $q" 2 "$(compare "$(plat torus-4x4)" $r qshift 16 1000,65543 torus --routing $r --shift $q)"
    done
    pargs=(--shift 23)
    at_least "torus-4x4x4 $r q-shift 23" 1 "$(compare "$(plat torus-4x4x4)" $r qshift 64 1000 torus --routing $r --shift 23)"
    pargs=()
done
# by hand (crossbar: a = 4 us, b = 0.2 ns/B, 16-byte envelope), with COLLSIM_SEGMENT=65536 so
# that 1 MiB is k = 16 segments of s = 65536 B, for the algorithm and the formula alike:
#   pipeline_binary, p = 8: the deepest rank 7 hangs off 0 -> 1 -> 3 -> 7; ranks 0 and 1 send
#   each segment to two children over their one link, a2 = a + 2 b (s + 16) = 30.2208 us, rank
#   3 to one, a1 = a + b (s + 16) = 17.1104 us. The 16 segments leave the root one per a2,
#   then the last one takes two more hops: 16 a2 + a2 + a1 = 530.864 us;
#   two_tree, p = 8: h = 3 levels, each half (512 KiB) 8 segments, every rank taking in both
#   halves at once: (h - 1 + k)(a + 2 b (s + 16)) = 10 a2 = 302.208 us.
# allgather ring_bidir, p = 8, 1000 B: 3 steps of a block each way (a + 2 b (m + 16)), then
# the opposite block in two halves of 500 B: 4 a + 6 (1016) b + 2 (516) b = 17.4256 us.
seg() { COLLSIM_SEGMENT=65536 "$@"; }
seg "$collsim" predict --platform "$xb" --np 8 --sizes 1M --algo pipeline_binary,two_tree --csv "$tmp/s.csv" >/dev/null
assert_near "pipeline_binary 1 MiB p=8, 64 KiB segments, by hand" "$(calc "17 * (4 + 2 * 65552 * 2e-4) + 4 + 65552 * 2e-4")" \
    "$(us "$tmp/s.csv" pipeline_binary 1048576 hockney)" 1e-6
assert_near "two_tree 1 MiB p=8, 64 KiB segments, by hand" "$(calc "10 * (4 + 2 * 65552 * 2e-4)")" \
    "$(us "$tmp/s.csv" two_tree 1048576 hockney)" 1e-6
seg "$collsim" run --platform "$xb" --np 8 --sizes 1M --algo pipeline_binary,two_tree --iters 1 --warmup 0 \
    --quiet --csv "$tmp/sr.csv" >/dev/null
assert_near "pipeline_binary 1 MiB p=8 simulated" "$(calc "17 * (4 + 2 * 65552 * 2e-4) + 4 + 65552 * 2e-4")" \
    "$(awk -F, '$2 == "pipeline_binary" { print $11 * 1e6 }' "$tmp/sr.csv")" 0.01
"$collsim" predict --platform "$xb" --np 8 --sizes 1000 --collective allgather --algo ring_bidir --csv "$tmp/g.csv" >/dev/null
assert_near "ring_bidir 1000 B p=8 by hand" "$(calc "4 * 4 + (6 * 1016 + 2 * 516) * 2e-4")" \
    "$(us "$tmp/g.csv" ring_bidir 1000 hockney)" 1e-6
# on the topologies (t_s = 0, t_h = 1 us, t_b = 0.1 ns/B): multichain on ring-16, 1 MiB in 2
# parts of 8 segments of 64 KiB round cycles of 15 hops: (15 + 8 - 1)(t_h + 65552 t_b) =
# 166.2144 us; the torus q-shift on torus-4x4, q = 5 = 1 + 4 x 1: a step along x, the
# compensating step of the column that wrapped, a step along y: 3 (t_h + 1016 t_b) = 3.3048 us
seg "$collsim" predict --platform "$(plat ring-16)" --sizes 1M --algo multichain --csv "$tmp/m.csv" >/dev/null
assert_near "multichain ring-16 1 MiB, 64 KiB segments, by hand" "$(calc "22 * (1 + 65552 * 1e-4)")" \
    "$(us "$tmp/m.csv" multichain 1048576 ctr)" 1e-6
"$collsim" predict --platform "$(plat torus-4x4)" --sizes 1000 --collective qshift --shift 5 --csv "$tmp/q.csv" >/dev/null
assert_near "q-shift 5 on torus-4x4, 1000 B, by hand" "$(calc "3 * (1 + 1016 * 1e-4)")" "$(us "$tmp/q.csv" torus 1000 sfr)" 1e-6

# within WHAT LO HI PLATFORM MODEL COLL NP SIZES ALGO [RUN_ARGS...]: every approx MODEL row of
# ALGO has simulated / predicted within [LO, HI] (pargs go to predict too); needs one such row
within() {
    local what=$1 lo=$2 hi=$3 plat=$4 model=$5 coll=$6 np=$7 sizes=$8 algo=$9
    shift 9
    "$collsim" run --platform "$plat" --collective "$coll" --np "$np" --sizes "$sizes" \
        --algo "$algo" --iters 1 --warmup 0 --quiet --csv "$tmp/r.csv" "$@" >/dev/null 2>&1 ||
        { fail "$what: run"; return; }
    "$collsim" predict --platform "$plat" --collective "$coll" --np "$np" --sizes "$sizes" \
        --algo "$algo" --csv "$tmp/p.csv" "${pargs[@]}" >/dev/null || { fail "$what: predict"; return; }
    awk -F, -v model="$model" -v lo="$lo" -v hi="$hi" -v what="$what" '
        FNR == 1 { for (i = 1; i <= NF; i++) h[FILENAME, $i] = i; next }
        FILENAME ~ /r.csv$/ { sim[$h[FILENAME, "bytes"]] = $h[FILENAME, "avg_s"]; next }
        $h[FILENAME, "model"] == model && $h[FILENAME, "note"] == "\"approx\"" {
            r = sim[$h[FILENAME, "bytes"]] / $h[FILENAME, "predicted_s"]; n++
            if (r < lo || r > hi) { printf "FAIL: %s at %s B: simulated / predicted = %.4f, not in [%s, %s]\n",
                what, $h[FILENAME, "bytes"], r, lo, hi > "/dev/stderr"; bad++ } }
        END { exit bad || !n }' "$tmp/r.csv" "$tmp/p.csv" && pass || fail "$what: outside its bound or no approx row"
}
# the estimates and their bounds (docs/predict.md): the two-tree when p - 1 is a power of two
# (the deepest ranks of the two trees differ: an upper estimate); the fat-tree broadcast (a
# 2-link hop taken as half the 4-link a); the reduction chain with its 16 receives posted (a
# lower estimate); the torus and multiring all-reduces and the torus all-to-all (transfers
# and combining added, every flow charged the farthest latency: upper estimates)
within "two_tree np=9" 0.94 1.0 "$xb" hockney bcast 9 1000,65543,1M two_tree
within "two_tree np=17" 0.94 1.0 "$xb" hockney bcast 17 1000,65543,1M two_tree
"$collsim" platform fattree --nodes 16 -o "$tmp/ft16.xml" >/dev/null
pargs=(--a 4us)
within "fattree_pipeline fattree-16" 0.94 1.0 "$tmp/ft16.xml" hockney bcast 16 1000,65543,1M fattree_pipeline
pargs=()
within "fattree_pipeline fattree-16, its routes" 0.94 1.0 "$tmp/ft16.xml" hockney bcast 16 1000,65543,1M fattree_pipeline
# fat trees without --a: each round of a tree takes its longest route, 2 links of 1 us inside
# a leaf switch, 4 between two; a = the mean route, (3 x 2 + 12 x 4) / 15 = 3.6 links on 4
# leaves of 4. Binomial broadcast of m = 100000 B on their 16 ranks: rounds at distance 1
# and 2 inside the leaves, 4 and 8 between them: 2 (2 us + B) + 2 (4 us + B), B = (m + 16) b
# = 10.0016 us; the binomial reduce adds 4 m/R = 50 us. Exact (no note), and as simulated.
"$collsim" platform fattree --levels 2 --down 4,4 --up 1,4 --parallel 1,1 -o "$tmp/ft44.xml" >/dev/null
"$collsim" predict --platform "$tmp/ft44.xml" --sizes 100000 --algo binomial --csv "$tmp/f.csv" >"$tmp/f.txt"
assert_near "fat tree 4x4 bcast binomial by hand" 52.0064 "$(us "$tmp/f.csv" binomial 100000 hockney)" 1e-6
assert_eq "fat tree 4x4 bcast binomial: exact" '""' "$(col "$tmp/f.csv" binomial 100000 hockney note)"
grep -q "a = 3.6e-06 s" "$tmp/f.txt" && pass || fail "fat tree 4x4: a is not the mean route: $(head -1 "$tmp/f.txt")"
"$collsim" predict --platform "$tmp/ft44.xml" --collective reduce --sizes 100000 --algo binomial --csv "$tmp/f.csv" >/dev/null
assert_near "fat tree 4x4 reduce binomial by hand" 102.0064 "$(us "$tmp/f.csv" binomial 100000 hockney)" 1e-6
at_least "fat tree 4x4 trees against the run" 4 \
    "$(compare "$tmp/ft44.xml" hockney bcast 16 100000,1M binomial,binary)"
at_least "fat tree 4x4 reduce against the run" 1 "$(compare "$tmp/ft44.xml" hockney reduce 16 100000 binomial)"
at_least "fat tree 4x4 allreduce against the run" 1 \
    "$(compare "$tmp/ft44.xml" hockney allreduce 16 100000 recursive_doubling)"
at_least "fat tree 4x4 gather against the run" 1 "$(compare "$tmp/ft44.xml" hockney gather 16 100000 binomial)"
at_least "fat tree 4x4 barrier against the run" 1 "$(compare "$tmp/ft44.xml" hockney barrier 16 0 dissemination)"
# 4 leaves of 3, binary tree on 12 ranks, each message its own route: rank 10 is the last,
# 0 -> 1 (2 us), 1 -> 3 then 1 -> 4 (4 us each, leaves 0 and 1), 4 -> 9 then 4 -> 10 (4 us
# each): 18 us + 5 B = 68.008 us
"$collsim" platform fattree --levels 2 --down 3,4 --up 1,3 --parallel 1,1 -o "$tmp/ft34.xml" >/dev/null
"$collsim" predict --platform "$tmp/ft34.xml" --sizes 100000 --algo binary,binomial --csv "$tmp/f.csv" >/dev/null
assert_near "fat tree 3x4 bcast binary by hand" 68.008 "$(us "$tmp/f.csv" binary 100000 hockney)" 1e-6
assert_eq "fat tree 3x4 bcast binary: exact" '""' "$(col "$tmp/f.csv" binary 100000 hockney note)"
# a round's pairs on unequal routes (leaves of 3): its longest taken, an estimate
assert_eq "fat tree 3x4 bcast binomial: approx" '"approx"' "$(col "$tmp/f.csv" binomial 100000 hockney note)"
# the user's a, or a 2:1 tree (contention), leave the rows estimates
"$collsim" predict --platform "$tmp/ft44.xml" --sizes 100000 --algo binomial --a 4us --csv "$tmp/f.csv" >/dev/null
assert_eq "fat tree 4x4 with --a: approx" '"approx"' "$(col "$tmp/f.csv" binomial 100000 hockney note)"
assert_near "fat tree 4x4 with --a 4us: 4 (4 us + B)" 56.0064 "$(us "$tmp/f.csv" binomial 100000 hockney)" 1e-6
"$collsim" platform fattree --levels 2 --down 4,4 --up 1,2 --parallel 1,1 -o "$tmp/ft2to1.xml" >/dev/null
"$collsim" predict --platform "$tmp/ft2to1.xml" --sizes 100000 --algo binomial --csv "$tmp/f.csv" >/dev/null
assert_eq "fat tree 2:1: approx" '"approx"' "$(col "$tmp/f.csv" binomial 100000 hockney note)"
# eager trees on a fat tree: each rank's detached sends start after their own routes' latency
# and share its uplink (approx): at 1000 B as simulated, at 30,000 B (each send's time near a
# route's latency) up to 12% over
for ft in ft44 ft34; do
    within "eager binomial on $ft, 1000 B" 0.999 1.001 "$tmp/$ft.xml" hockney bcast 12 1000 binomial
    within "eager binary on $ft, 1000 B" 0.999 1.001 "$tmp/$ft.xml" hockney bcast 12 1000 binary
    within "eager binomial on $ft, 30000 B" 0.85 1.0 "$tmp/$ft.xml" hockney bcast 12 30000 binomial
done
# a torus with --routes: each round's pairs on their dimension-order routes, a link's messages
# sharing it (approx: an estimate of SimGrid's sharing). torus-4x4, 1 us links, binomial broadcast of
# m = 100000 B: round 1 (0 -> 1) 1 hop; round 2, 0 -> 2 and 1 -> 3 both over the link 1 -> 2:
# 2 hops, 2 B; round 4, one hop along y each; round 8, 2 hops along y, two messages on each
# column's middle link: 6 us + 6 B = 66.0096 us. The binomial reduce's pairs (0, 2), (4, 6),
# ... share no link: 6 us + 4 B + 4 m/R = 96.0064 us. The simulation gives the same.
for c in "bcast 66.0096" "reduce 96.0064"; do
    set -- $c
    "$collsim" predict --platform "$(plat torus-4x4)" --collective $1 --sizes 100000 --algo binomial \
        --routes --csv "$tmp/f.csv" >/dev/null
    assert_near "torus-4x4 $1 binomial by hand" $2 "$(us "$tmp/f.csv" binomial 100000 hockney)" 1e-6
    "$collsim" run --platform "$(plat torus-4x4)" --collective $1 --sizes 100000 --algo binomial \
        --iters 1 --warmup 0 --quiet --csv "$tmp/r.csv" >/dev/null 2>&1
    assert_near "torus-4x4 $1 binomial simulated" $2 "$(csv_col "$tmp/r.csv" avg_s | awk '{ print $1 * 1e6 }')" 1e-4
done
# recursive doubling on 12 ranks of it (no power of two): every step on the longest route
# from rank 0, to node 10 = (2, 2), 4 hops: 3 (4 us + B + m/R) + 2 (4 us + B) + m/R = 120.008
# us (the route to rank 11 has 3 hops)
"$collsim" predict --platform "$(plat torus-4x4)" --np 12 --collective allreduce --sizes 100000 \
    --algo recursive_doubling --routes --csv "$tmp/f.csv" >/dev/null
assert_near "torus-4x4 allreduce recursive_doubling np=12, by hand" 120.008 \
    "$(us "$tmp/f.csv" recursive_doubling 100000 hockney)" 1e-6
# without --routes, the course's one a: 4 (a + B), a = 32/15 us the mean hops
"$collsim" predict --platform "$(plat torus-4x4)" --sizes 100000 --algo binomial --csv "$tmp/f.csv" >/dev/null
assert_near "torus-4x4 bcast binomial, one a" "$(calc "4 * (32 / 15 + 10.0016)")" \
    "$(us "$tmp/f.csv" binomial 100000 hockney)" 1e-6
within "reduce pipeline_chain np=8" 1.0 1.3 "$xb" hockney reduce 8 4096,65543,1M pipeline_chain
within "reduce pipeline_chain np=13" 1.0 1.3 "$xb" hockney reduce 13 65543,1M pipeline_chain
for r in ctr sfr; do
    within "reduce pipeline_path ring-16 $r" 1.0 1.3 "$(plat ring-16)" $r reduce 16 65543,1M pipeline_path --routing $r
    within "allreduce torus torus-4x4 $r" 0.8 1.01 "$(plat torus-4x4)" $r allreduce 16 1000,65543,1M torus --routing $r
    within "allreduce multiring ring-16 $r" 0.65 1.0 "$(plat ring-16)" $r allreduce 16 1000,65543,1M multiring --routing $r
    within "allreduce multiring hypercube-4 $r" 0.65 1.0 "$(plat hypercube-4)" $r allreduce 16 1000,65543,1M multiring --routing $r
    within "alltoall torus torus-4x4 $r" 0.75 1.0 "$(plat torus-4x4)" $r alltoall 16 1000,16384,65543 torus --routing $r
done

# every algorithm of the registry (collsim list --tsv): with a formula, a time on a platform
# it runs on; without, "no formula: " and the registry's reason on every row
"$collsim" list --tsv >"$tmp/algos.tsv"
for c in $(awk -F '\t' 'NR > 1 { print $1 }' "$tmp/algos.tsv" | sort -u); do
    n=0
    for p in "$xb --np 16" "$(plat ring-16)" "$(plat torus-4x4)" "$(plat hypercube-4)" "$tmp/ft16.xml --a 4us"; do
        # shellcheck disable=SC2086 # the platform and its options
        "$collsim" predict --platform $p --collective "$c" --sizes 1000 --csv "$tmp/all-$c-$n.csv" >/dev/null ||
            fail "predict $c on $p"
        n=$((n + 1))
    done
done
awk -F '\t' 'FILENAME ~ /tsv$/ { if (FNR > 1) { want[$1 "," $2] = $5; why[$1 "," $2] = $6 }; next }
    FNR > 1 { split($0, f, ","); k = f[1] "," f[2]; note = $0; sub(/^([^,]*,){7}/, "", note)
              gsub(/^"|"$/, "", note)
              if (f[6] != "") timed[k] = 1
              if (note ~ /^no formula/ && note != "no formula: " why[k]) { print "FAIL: " k ": " note > "/dev/stderr"; bad++ } }
    END { for (k in want) {
              if (want[k] == "yes" && !(k in timed)) { print "FAIL: " k ": no time anywhere" > "/dev/stderr"; bad++ }
              if (want[k] == "no" && (k in timed)) { print "FAIL: " k ": a time without a formula" > "/dev/stderr"; bad++ }
              n++ }
          exit bad || n < 78 }' "$tmp/algos.tsv" "$tmp"/all-*.csv && pass ||
    fail "every algorithm: a time, or no formula and its reason"

# by hand: crossbar a = 2 x 2 us, b = 1/5e9 s/B, 16-byte envelope; binomial at 1 MiB on
# 8 ranks is 3 (a + (m + 16) b), the eager linear at 1000 B a + 7 (1000 + 16) b
"$collsim" predict --platform "$xb" --np 8 --sizes 0,1000,1M --csv "$tmp/b.csv" >"$tmp/b.txt"
assert_near "binomial 1 MiB p=8 by hand" "$(calc "3 * (4 + 1048592 * 2e-4)")" \
    "$(us "$tmp/b.csv" binomial 1048576 hockney)" 1e-6
assert_near "linear 1000 B p=8 eager by hand" "$(calc "4 + 7 * 1016 * 2e-4")" \
    "$(us "$tmp/b.csv" linear 1000 hockney)" 1e-6
grep -q '^1000 *rma_linear_fence *- *- *no formula: one-sided: ' "$tmp/b.txt" && pass ||
    fail "rma_linear_fence: no 'no formula: REASON' row"
# the best: one per size and model, and no row of that size and model below it
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["predicted_s"] != "" {
        k = $h["bytes"] SUBSEP $h["model"]; t = $h["predicted_s"] + 0
        if (!(k in lo) || t < lo[k]) lo[k] = t
        if ($h["best"] == 1) { nb[k]++; bt[k] = t } }
    END { for (k in lo) if (nb[k] != 1 || bt[k] != lo[k]) { print "FAIL: best of " k > "/dev/stderr"; bad = 1 }
          exit bad }' "$tmp/b.csv" && pass || fail "best rows"
# at 1 MiB on 8 ranks the two-tree wins under Hockney (by hand: h = 3 levels below the root;
# the algorithm's k* = sqrt(3 m 0.1 ns / 1 us) = 17.7 gives segments of 59121 B, halved to
# 29560 B for the two trees: 18 per half, the last 21768 B; 19 steps of a + 2 b (29560 + 16)
# and one of a + 2 b (21768 + 16) = 313.49 us, against the recursive-doubling van de Geijn's
# 2 (3 a) + 2 (7/8) m b + 6 x 16 b = 391 us and binomial's 641 us)
assert_near "two_tree 1 MiB p=8 by hand" "$(calc "19 * (4 + 2 * 29576 * 2e-4) + 4 + 2 * 21784 * 2e-4")" \
    "$(us "$tmp/b.csv" two_tree 1048576 hockney)" 1e-6
assert_eq "best at 1 MiB" two_tree \
    "$(awk -F, 'NR > 1 && $4 == 1048576 && $5 == "hockney" && $7 == 1 { print $2 }' "$tmp/b.csv")"
grep -q "^# best at 1048576 B under hockney: two_tree" "$tmp/b.txt" && pass ||
    fail "the table names the best"
# fitted parameters (collsim calibrate's format) replace a and b, no envelope added
printf 'source hand\nhockney_a 1e-06\nhockney_b 1e-09\nloggp_L 1e-06\nloggp_o 0\nloggp_g 0\nloggp_G 1e-09\nplogp_L 0\nplogp 1 1e-09 0 0\n' >"$tmp/x.params"
"$collsim" predict --params "$tmp/x.params" --np 4 --sizes 1000 --algo linear --csv "$tmp/c.csv" >/dev/null
assert_near "fitted linear p=4 eager: a + 3 m b" "$(calc "1 + 3 * 1000 * 1e-3")" \
    "$(us "$tmp/c.csv" linear 1000 hockney)" 1e-6
# Open MPI's chain (ompi_chain): the root's 4 sends share its link, then one more hop on the
# longest chain (6 ranks in 4 chains: 2, 2, 1, 1); a = 2 x 2 us, b = 0.2 ns a byte
at_least "ompi_chain p=7" 2 "$(compare "$xb" hockney bcast 7 1000,100000 ompi_chain)"
at_least "ompi_chain p=16" 2 "$(compare "$xb" hockney bcast 16 1000,100000 ompi_chain)"
"$collsim" predict --platform "$xb" --np 7 --sizes 100000 --algo ompi_chain --csv "$tmp/oc.csv" >/dev/null
assert_near "ompi_chain p=7 by hand: a + 4 b m, then a + b m" \
    "$(calc "4 + 4 * 100016 * 2e-4 + 4 + 100016 * 2e-4")" "$(us "$tmp/oc.csv" ompi_chain 100000 hockney)" 1e-6
# Open MPI's pipeline and binary tree (ompi_pipeline, ompi_bintree) unsegmented: rows agree
# with the run; by hand at p = 7, 100000 B: the pipeline is 6 hops of a + b m; the level tree
# (0 feeds 1, 2; 1 feeds 3, 5; 2 feeds 4, 6) is two levels of a + 2 b m (two sends at once)
at_least "ompi_pipeline, ompi_bintree p=7" 4 "$(compare "$xb" hockney bcast 7 1000,100000 ompi_pipeline,ompi_bintree)"
at_least "ompi_pipeline, ompi_bintree p=12" 4 "$(compare "$xb" hockney bcast 12 1000,100000 ompi_pipeline,ompi_bintree)"
"$collsim" predict --platform "$xb" --np 7 --sizes 100000 --algo ompi_pipeline,ompi_bintree --csv "$tmp/oc.csv" >/dev/null
assert_near "ompi_pipeline p=7 by hand: 6 (a + b m)" \
    "$(calc "6 * (4 + 100016 * 2e-4)")" "$(us "$tmp/oc.csv" ompi_pipeline 100000 hockney)" 1e-6
assert_near "ompi_bintree p=7 by hand: 2 (a + 2 b m)" \
    "$(calc "2 * (4 + 2 * 100016 * 2e-4)")" "$(us "$tmp/oc.csv" ompi_bintree 100000 hockney)" 1e-6
# Open MPI's binomial tree and basic_linear (ompi_binomial, ompi_linear): rows agree with the
# run; by hand at p = 7, 100000 B: build_bmtree's root posts its 3 sends at once (a + 3 b m),
# then 1 feeds 3 and 5 (a + 2 b m); the linear root's 6 sends share its link (a + 6 b m)
at_least "ompi_binomial, ompi_linear p=7" 4 "$(compare "$xb" hockney bcast 7 1000,100000 ompi_binomial,ompi_linear)"
at_least "ompi_binomial, ompi_linear p=16" 4 "$(compare "$xb" hockney bcast 16 1000,100000 ompi_binomial,ompi_linear)"
"$collsim" predict --platform "$xb" --np 7 --sizes 100000 --algo ompi_binomial,ompi_linear --csv "$tmp/oc.csv" >/dev/null
assert_near "ompi_binomial p=7 by hand: a + 3 b m, then a + 2 b m" \
    "$(calc "2 * 4 + 5 * 100016 * 2e-4")" "$(us "$tmp/oc.csv" ompi_binomial 100000 hockney)" 1e-6
assert_near "ompi_linear p=7 by hand: a + 6 b m" \
    "$(calc "4 + 6 * 100016 * 2e-4")" "$(us "$tmp/oc.csv" ompi_linear 100000 hockney)" 1e-6
# the linear reduce and Open MPI's linear all-reduce (that reduce, then that broadcast)
at_least "reduce ompi_linear p=7" 2 "$(compare "$xb" hockney reduce 7 1000,100000 ompi_linear)"
at_least "allreduce ompi_linear p=7" 2 "$(compare "$xb" hockney allreduce 7 1000,100000 ompi_linear)"
# Open MPI's basic_linear gather and scatter: the root's blocking receives (sends) in turn
at_least "gather ompi_linear p=7" 2 "$(compare "$xb" hockney gather 7 1000,100000 ompi_linear)"
at_least "scatter ompi_linear p=7" 2 "$(compare "$xb" hockney scatter 7 1000,100000 ompi_linear)"
# Open MPI's reduce pipeline (reduce ompi_pipeline) unsegmented: by hand at p = 7, 100000 B,
# 6 hops of a + b m and a combine of m/R (8 GB/s: 12.5 us)
at_least "reduce ompi_pipeline p=7" 2 "$(compare "$xb" hockney reduce 7 1000,100000 ompi_pipeline)"
at_least "reduce ompi_pipeline p=12" 2 "$(compare "$xb" hockney reduce 12 1000,100000 ompi_pipeline)"
"$collsim" predict --platform "$xb" --np 7 --collective reduce --sizes 100000 --algo ompi_pipeline --csv "$tmp/oc.csv" >/dev/null
assert_near "reduce ompi_pipeline p=7 by hand: 6 (a + b m + m/R)" \
    "$(calc "6 * (4 + 100016 * 2e-4 + 12.5)")" "$(us "$tmp/oc.csv" ompi_pipeline 100000 hockney)" 1e-6
# Open MPI's ring and Rabenseifner all-reduces (ompi_ring, ompi_rabenseifner): rows agree with
# the run at a power of two and not (fold and unfold); by hand at p = 4, 100000 B: the ring is
# 3 (2 (a + b m/4) + m/(4R)), Rabenseifner 2 (a + b m/2) + 2 (a + b m/4) + 3/4 m/R
at_least "allreduce ompi_ring, ompi_rabenseifner p=8" 4 "$(compare "$xb" hockney allreduce 8 1024,100000 ompi_ring,ompi_rabenseifner)"
at_least "allreduce ompi_ring, ompi_rabenseifner p=6" 3 "$(compare "$xb" hockney allreduce 6 1008,100008 ompi_ring,ompi_rabenseifner)"
"$collsim" predict --platform "$xb" --np 4 --collective allreduce --sizes 100000 --algo ompi_ring,ompi_rabenseifner --csv "$tmp/oc.csv" >/dev/null
assert_near "allreduce ompi_ring p=4 by hand" "$(calc "3 * (2 * (4 + 25016 * 2e-4) + 25000 / 8e3)")" \
    "$(us "$tmp/oc.csv" ompi_ring 100000 hockney)" 1e-6
assert_near "allreduce ompi_rabenseifner p=4 by hand" \
    "$(calc "2 * (4 + 50016 * 2e-4) + 2 * (4 + 25016 * 2e-4) + 75000 / 8e3")" \
    "$(us "$tmp/oc.csv" ompi_rabenseifner 100000 hockney)" 1e-6
# The parameters an algorithm chooses are its formula's too (src/registry/choices.h): with
# unusual settings, given to the run and to predict alike, every exact row still agrees.
# COLLSIM_RADIX=1 runs k = 2 (at least 2; predict once read 1 as its own default, 4 or 8);
# COLLSIM_RADIX=3 on 9 and 27 ranks (full trees); COLLSIM_SEGMENT=3000 (segments of 3000 B
# where the algorithms' own rule picks others); COLLSIM_HIER_LARGE=512 and 1 (the large forms
# from 512 B and from 1 B: predict once took HIER_LARGE, 64 KiB, whatever the setting).
export COLLSIM_RADIX=1
at_least "radix 1 (k = 2): bcast knomial p=16" 2 "$(compare "$xb" hockney bcast 16 1000,100000 knomial)"
at_least "radix 1 (k = 2): reduce knomial p=16" 2 "$(compare "$xb" hockney reduce 16 1000,100000 knomial)"
export COLLSIM_RADIX=3
at_least "radix 3: bcast knomial p=27" 2 "$(compare "$xb" hockney bcast 27 1000,100000 knomial)"
at_least "radix 3: reduce knomial p=9" 2 "$(compare "$xb" hockney reduce 9 1000,100000 knomial)"
unset COLLSIM_RADIX
export COLLSIM_SEGMENT=3000
at_least "segment 3000 B: bcast pipeline_binary p=9" 2 "$(compare "$xb" hockney bcast 9 1000,100000 pipeline_binary)"
at_least "segment 3000 B: reduce pipeline_chain p=8" 1 "$(compare "$xb" hockney reduce 8 1000 pipeline_chain)"
unset COLLSIM_SEGMENT
export COLLSIM_HIER_LARGE=512
at_least "large forms from 512 B: allgather hier p=8" 2 "$(compare "$xb" hockney allgather 8 100,1000 hier)"
export COLLSIM_HIER_LARGE=1
at_least "large forms from 1 B: allgather hier p=8" 2 "$(compare "$xb" hockney allgather 8 100,1000 hier)"
at_least "large forms from 1 B: allreduce hier p=8" 3 "$(compare "$xb" hockney allreduce 8 16,1000,100000 hier)"
unset COLLSIM_HIER_LARGE
# a part count the formula does not model (the direct all-reduce's is K = 1's) is an estimate
COLLSIM_DIRECT_PARTS=3 "$collsim" predict --platform "$xb" --collective allreduce --np 4 \
    --sizes 100000 --algo direct --csv "$tmp/k.csv" >/dev/null
assert_eq "3 direct parts: an estimate" approx "$(col "$tmp/k.csv" direct 100000 hockney note | tr -d '"')"
# bad inputs: one error line each
assert_one_line_error "no parameters" "$collsim" predict --np 4
assert_one_line_error "no np" "$collsim" predict --a 1us --b 1e-9
assert_one_line_error "bad --a" "$collsim" predict --a fast --b 1e-9 --np 4
finish
