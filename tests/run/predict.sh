#!/usr/bin/env bash
# predict.sh COLLSIM SRCDIR: `collsim predict` against the simulation and against formulas
# worked out here. On a crossbar (no link shared by two disjoint pairs, clean model) every
# row predict calls exact (empty note) must be within 1% of `collsim run`'s time, for
# several collectives, algorithms, p and sizes; the course rows (ctr, sfr) likewise on the
# generated ring, torus and hypercube; the best row of each size and model is its least
# time; bad inputs give one error line (tests/errors/cases.txt has more).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$collsim" platform crossbar --nodes 64 --latency 2us --bandwidth 5GBps -o "$tmp/xb.xml" >/dev/null ||
    { fail "cannot generate the crossbar"; finish; exit 1; }
calc() { awk "BEGIN { printf \"%.12g\", $1 }"; }

# compare PLATFORM MODEL COLL NP SIZES ALGOS [RUN_ARGS...]: compares every exact MODEL row of
# predict with the run; prints the number of rows compared, "mismatch" when one is off by
# more than 1% (it runs in a subshell: at_least counts the result)
compare() {
    local plat=$1 model=$2 coll=$3 np=$4 sizes=$5 algos=$6
    shift 6
    "$collsim" run --platform "$plat" --collective "$coll" --np "$np" --sizes "$sizes" \
        --algo "$algos" --iters 1 --warmup 0 --quiet --csv "$tmp/r.csv" "$@" >/dev/null 2>&1 ||
        { fail "run $coll np=$np $algos $*"; echo 0; return; }
    "$collsim" predict --platform "$plat" --collective "$coll" --np "$np" --sizes "$sizes" \
        --algo "$algos" --csv "$tmp/p.csv" >/dev/null || { fail "predict $coll np=$np"; echo 0; return; }
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
at_least "bcast np=8" 10 "$(compare "$xb" hockney bcast 8 0,1000,1M linear,binomial,binary,scatter_allgather_ring,scatter_allgather_rd)"
at_least "bcast np=13" 4 "$(compare "$xb" hockney bcast 13 1000,1M linear,binomial,binary)"
at_least "barrier np=5" 3 "$(compare "$xb" hockney barrier 5 0 linear,central,butterfly,dissemination)"
at_least "barrier np=8" 4 "$(compare "$xb" hockney barrier 8 0 linear,central,butterfly,dissemination)"
at_least "reduce np=8" 6 "$(compare "$xb" hockney reduce 8 1000,1M linear,binomial,rabenseifner,direct)"
at_least "reduce np=13" 4 "$(compare "$xb" hockney reduce 13 1000,1M linear,binomial,rabenseifner --root 3)"
at_least "allreduce np=8" 3 "$(compare "$xb" hockney allreduce 8 1000,1M recursive_doubling,ring,reduce_bcast)"
at_least "gather np=8" 4 "$(compare "$xb" hockney gather 8 1000,1M linear,binomial)"
at_least "scatter np=8" 3 "$(compare "$xb" hockney scatter 8 1000,1M linear,binomial)"
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

# by hand: crossbar a = 2 x 2 us, b = 1/5e9 s/B, 16-byte envelope; binomial at 1 MiB on
# 8 ranks is 3 (a + (m + 16) b), the eager linear at 1000 B a + 7 (1000 + 16) b
col() { # FILE ALGO BYTES MODEL COLUMN
    awk -F, -v a="$2" -v m="$3" -v mo="$4" -v c="$5" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
        $h["algorithm"] == a && $h["bytes"] == m && $h["model"] == mo { print $h[c] }' "$1"
}
us() { col "$@" predicted_s | awk '{ printf "%.12g\n", $1 * 1e6 }'; } # FILE ALGO BYTES MODEL
"$collsim" predict --platform "$xb" --np 8 --sizes 0,1000,1M --csv "$tmp/b.csv" >"$tmp/b.txt"
assert_near "binomial 1 MiB p=8 by hand" "$(calc "3 * (4 + 1048592 * 2e-4)")" \
    "$(us "$tmp/b.csv" binomial 1048576 hockney)" 1e-6
assert_near "linear 1000 B p=8 eager by hand" "$(calc "4 + 7 * 1016 * 2e-4")" \
    "$(us "$tmp/b.csv" linear 1000 hockney)" 1e-6
case $(col "$tmp/b.csv" rma_linear_fence 1000 - note) in
'"no formula: '?*) pass ;;
*) fail "rma_linear_fence: no 'no formula: REASON' note" ;;
esac
# the best: one per size and model, and no row of that size and model below it
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["predicted_s"] != "" {
        k = $h["bytes"] SUBSEP $h["model"]; t = $h["predicted_s"] + 0
        if (!(k in lo) || t < lo[k]) lo[k] = t
        if ($h["best"] == 1) { nb[k]++; bt[k] = t } }
    END { for (k in lo) if (nb[k] != 1 || bt[k] != lo[k]) { print "FAIL: best of " k > "/dev/stderr"; bad = 1 }
          exit bad }' "$tmp/b.csv" && pass || fail "best rows"
# at 1 MiB on 8 ranks the recursive-doubling van de Geijn wins under Hockney (by hand:
# 2 (3 a) + 2 (7/8) m b + 6 x 16 b = 391 us against binomial's 641 us)
assert_eq "best at 1 MiB" scatter_allgather_rd \
    "$(awk -F, 'NR > 1 && $4 == 1048576 && $5 == "hockney" && $7 == 1 { print $2 }' "$tmp/b.csv")"
grep -q "^# best at 1048576 B under hockney: scatter_allgather_rd" "$tmp/b.txt" && pass ||
    fail "the table names the best"
# fitted parameters (collsim calibrate's format) replace a and b, no envelope added
printf 'source hand\nhockney_a 1e-06\nhockney_b 1e-09\nloggp_L 1e-06\nloggp_o 0\nloggp_g 0\nloggp_G 1e-09\nplogp_L 0\nplogp 1 1e-09 0 0\n' >"$tmp/x.params"
"$collsim" predict --params "$tmp/x.params" --np 4 --sizes 1000 --algo linear --csv "$tmp/c.csv" >/dev/null
assert_near "fitted linear p=4 eager: a + 3 m b" "$(calc "1 + 3 * 1000 * 1e-3")" \
    "$(us "$tmp/c.csv" linear 1000 hockney)" 1e-6
# bad inputs: one error line each
assert_one_line_error "no parameters" "$collsim" predict --np 4
assert_one_line_error "no np" "$collsim" predict --a 1us --b 1e-9
assert_one_line_error "bad --a" "$collsim" predict --a fast --b 1e-9 --np 4
finish
