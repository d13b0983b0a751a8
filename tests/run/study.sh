#!/usr/bin/env bash
# study.sh COLLSIM SRCDIR: the README's main command, on fewer sizes: every platform gets its
# table, CSV, trace (read by pj_dump), analysis and plots, and the summary has a row per
# platform and algorithm. The comparison adds the bandwidth algorithms, and the best-algorithm
# map (best.csv, the summary's table, best.png/svg) names, for every platform and size, an
# algorithm whose time is the minimum of that platform's CSV.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
platforms="ring-64 torus-8x8 hypercube-6 fattree-64 xl250a"
# a folder whose parent does not exist yet either, as out/study on a fresh checkout
"$collsim" study --sizes 16,64K --iters 1 --out "$tmp/new/s" >"$tmp/out" 2>"$tmp/err"
assert_eq "study status" 0 $?
assert_eq "study error lines" "" "$(grep 'error' "$tmp/err")"
mv "$tmp/new/s" "$tmp/s"
for p in $platforms; do
    for f in "$p.csv" "$p.trace" "$p.analysis.txt" "$p.analysis.csv"; do
        [ -s "$tmp/s/$f" ] && pass || fail "missing $f"
    done
    if command -v gnuplot >/dev/null; then
        for f in "$p.png" "$p-models.png" "$p-models.svg" "$p-errors.png" "$p-errors.svg"; do
            [ -s "$tmp/s/$f" ] && pass || fail "missing plot $f"
        done
    fi
    pj_dump -l 9 "$tmp/s/$p.trace" >/dev/null 2>"$tmp/pj" && pass || fail "pj_dump on $p: $(head -1 "$tmp/pj")"
    grep -q "^# phase bcast/binomial/65536/" "$tmp/s/$p.analysis.txt" && pass || fail "no binomial 64 KiB phase in $p's analysis"
    # the comparison: the bandwidth algorithms everywhere, no one-sided ones, only the
    # traced algorithms in the trace
    for a in pipeline_chain pipeline_binary scatter_allgather_ring scatter_allgather_rd; do
        assert_eq "$a rows in $p.csv" 2 "$(grep -c "^bcast,$a,$p," "$tmp/s/$p.csv")"
    done
    assert_eq "one-sided rows in $p.csv" 0 "$(grep -c '^bcast,rma' "$tmp/s/$p.csv")"
    assert_eq "pipelined phases in $p.trace" 0 "$(grep -c 'bcast/pipeline_' "$tmp/s/$p.trace")"
done
# the topology-aware algorithms where they fit, and only there
assert_eq "ring on ring-64" 2 "$(grep -c '^bcast,ring,' "$tmp/s/ring-64.csv")"
assert_eq "torus on torus-8x8" 2 "$(grep -c '^bcast,torus,' "$tmp/s/torus-8x8.csv")"
assert_eq "hypercube on hypercube-6" 2 "$(grep -c '^bcast,hypercube,' "$tmp/s/hypercube-6.csv")"
needing() { # KIND: the broadcasts whose NEED bits include NEED_KIND, as an ERE alternation
    sed -n "s/^ALGO(bcast, \([a-z0-9_]*\),.*NEED_$1.*)\$/\1/p" "$src/src/coll/algorithms.def" | paste -sd'|'
}
topo="$(needing RING)|$(needing TORUS)|$(needing HYPERCUBE)"
ftree=$(needing FATTREE)
[ -n "$ftree" ] && pass || fail "no fat-tree broadcast in algorithms.def"
assert_eq "ring, torus, hypercube algorithms on fattree-64 and xl250a" 0 \
    "$(cat "$tmp/s/fattree-64.csv" "$tmp/s/xl250a.csv" | grep -cE "^bcast,($topo),")"
assert_eq "fat-tree algorithms on fattree-64, and only there" \
    "$(grep -cE "^bcast,($ftree)," "$tmp/s/fattree-64.csv")" \
    "$(cat "$tmp/s"/*-*.csv | grep -cE "^bcast,($ftree),")"
assert_eq "fattree_pipeline on fattree-64" 2 "$(grep -c '^bcast,fattree_pipeline,' "$tmp/s/fattree-64.csv")"
assert_eq "fat-tree algorithms on xl250a" 0 "$(grep -cE "^bcast,($ftree)," "$tmp/s/xl250a.csv")"

# summary.txt: one table row per platform and algorithm of summary.csv
pairs=$(paste -d, <(csv_col "$tmp/s/summary.csv" platform) <(csv_col "$tmp/s/summary.csv" algorithm) | sort -u | wc -l)
rows=$(awk '/^# fastest/ { exit } /^  / { print $1 "," $2 }' "$tmp/s/summary.txt" | sort -u | wc -l)
assert_eq "summary rows (one per platform and algorithm)" "$pairs" "$rows"
for p in $platforms; do
    assert_eq "traced algorithms of $p in the summary" 3 "$(grep -cE "^  $p +(binomial|binary|linear) " "$tmp/s/summary.txt")"
done
assert_eq "progress lines" 5 "$(grep -c '^collsim: study [1-5]/5' "$tmp/err")"

# best.csv against each platform's CSV, recomputed here
best=$tmp/s/best.csv
assert_eq "best.csv header" "platform,bytes,best_algorithm,time_us,second_best,second_time_us" "$(head -1 "$best")"
assert_eq "best.csv rows (5 platforms x 2 sizes)" 10 "$(($(wc -l <"$best") - 1))"
for p in $platforms; do
    # every size of the platform's CSV has its row
    assert_eq "sizes of $p in best.csv" "$(csv_col "$tmp/s/$p.csv" bytes | sort -u | tr '\n' ' ')" \
        "$(awk -F, -v p="$p" '$1 == p { print $2 }' "$best" | sort -u | tr '\n' ' ')"
    bad=$(awk -F, -v p="$p" '
        function near(a, b) { d = a - b; if (d < 0) d = -d; return d <= 1e-9 * (b < 0 ? -b : b) + 1e-12 }
        FNR == NR && FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        FNR == NR { if ($c["valid"] == 1) { t = $c["avg_s"] * 1e6; s = $c["bytes"]
                        time[s "," $c["algorithm"]] = t; if (!(s in min) || t < min[s]) min[s] = t }
                    next }
        $1 != p { next }
        { n++; b = $2
          if (!(b in min)) { print "no row of size " b; next }
          if (!near($4, min[b])) print b ": best time " $4 " is not the minimum " min[b]
          if (!((b "," $3) in time) || !near(time[b "," $3], min[b]))
              print b ": " $3 "'"'"'s own time is not the minimum " min[b]
          # the runner-up: the fastest of the other algorithms
          m2 = ""; for (k in time) { split(k, f, ","); if (f[1] == b && f[2] != $3 && (m2 == "" || time[k] < m2)) m2 = time[k] }
          if ($5 == $3) print b ": the runner-up is the winner"
          if (m2 != "" && (!((b "," $5) in time) || !near($6, m2) || !near(time[b "," $5], m2)))
              print b ": runner-up " $5 " at " $6 " is not the next minimum " m2 }
        END { if (n == 0) print "no row" }' "$tmp/s/$p.csv" "$best")
    assert_eq "best.csv agrees with $p.csv" "" "$bad"
done

# the map in summary.txt: each cell's key names best.csv's algorithm, '~' where it ties
bad=$(awk '
    FNR == NR { if (FNR > 1) { split($0, f, ","); win[f[1], ++n[f[1]]] = f[3]
                    tie[f[1], n[f[1]]] = f[6] != "" && f[6] <= f[4] * 1.01 }; next }
    /^# fastest/ { on = 1; next }
    on && /^#   [A-Z]+ / { key[$2] = $3; next }
    on && /^  / { row[++r] = $0 }
    END { if (r != 5) print r " map rows"
          for (i = 1; i <= r; i++) { nf = split(row[i], c, " ")
              if (nf - 1 != n[c[1]]) print c[1] ": " nf - 1 " cells"
              for (j = 2; j <= nf; j++) { k = c[j]; t = sub(/~$/, "", k)
                  if (key[k] != win[c[1], j - 1]) print c[1] " cell " j - 1 ": " key[k] " vs " win[c[1], j - 1]
                  if (t != tie[c[1], j - 1]) print c[1] " cell " j - 1 ": tie mark " t } } }' \
    "$best" "$tmp/s/summary.txt")
assert_eq "summary map agrees with best.csv" "" "$bad"
grep -q "^# fastest algorithm" "$tmp/out" && pass || fail "the map is not on stdout"

if command -v gnuplot >/dev/null; then
    [ "$(head -c 8 "$tmp/s/best.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && pass || fail "best.png is not a PNG"
    grep -q '<svg' "$tmp/s/best.svg" && pass || fail "best.svg is not an SVG"
    # the key names every winner
    for a in $(awk -F, 'NR > 1 { print $3 }' "$best" | sort -u); do
        grep -q ">$a<" "$tmp/s/best.svg" && pass || fail "best.svg does not name $a"
    done
fi
leftovers=$(cd "$tmp/s" && ls | grep -E '\.part$|\.probe\.csv$|\.compare\.csv$')
assert_eq "temporary files left" "" "$leftovers"

# --no-compare: the traced algorithms only, and still a map
"$collsim" study --sizes 16 --iters 1 --no-trace --no-compare --out "$tmp/n" >/dev/null 2>&1
assert_eq "study --no-compare status" 0 $?
assert_eq "algorithms with --no-compare" "binary binomial linear" \
    "$(csv_col "$tmp/n/summary.csv" algorithm | sort -u | tr '\n' ' ' | sed 's/ $//')"
assert_eq "best.csv rows with --no-compare" 5 "$(($(wc -l <"$tmp/n/best.csv") - 1))"

# bad input: one error line before anything runs, no output directory
assert_one_line_error "bad --sizes" "$collsim" study --sizes 16:x --no-trace --out "$tmp/e"
assert_one_line_error "unknown algorithm" "$collsim" study --algo nosuch --no-trace --out "$tmp/e"
mkdir -p "$tmp/plat"
assert_one_line_error "missing platform" "$collsim" study --platforms "$tmp/plat" --no-trace --out "$tmp/e"
[ ! -e "$tmp/e" ] && pass || fail "failed studies left $(ls "$tmp/e")"
finish
