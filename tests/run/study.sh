#!/usr/bin/env bash
# study.sh COLLSIM SRCDIR: the README's main command, on fewer sizes and two collectives
# (broadcast and reduction): every platform gets, per collective, its table, CSV, trace (read
# by pj_dump), analysis and plots, and each collective's summary has a row per platform and
# algorithm. The traced algorithms follow the study's rule, the comparison adds every other
# algorithm that needs no topology, and the best-algorithm map (best.csv, each collective's
# summary table, best.png/svg) names, for every collective, platform and size, an algorithm
# whose time is the minimum of that platform's CSV. The broadcast's files keep their names and
# contents whatever else the study runs; sizes beyond the machine's memory are left out, and
# named; a bad collective is one error line.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
platforms="ring-64 torus-8x8 hypercube-6 fattree-64 xl250a"
colls="bcast reduce"
# sfx C: what C's file names add to the broadcast's ("-reduce")
sfx() { [ "$1" = bcast ] || printf -- '-%s' "$1"; }
# plain C: C's algorithms that need no topology, are not one-sided and are no MPI library's
# own schedule (written in src/coll/C/ompi.c), in collsim list's order
plain() {
    "$collsim" list "$1" | awk '/^# SimGrid/ { exit } /^[a-z]/ { n[++k] = $1 } /^ +needs:/ { skip[n[k]] = 1 }
        /^ +code: src\/coll\/[a-z_]+\/ompi[a-z_]*\.c/ { skip[n[k]] = 1 }
        END { for (i = 1; i <= k; i++) if (!(n[i] in skip) && n[i] !~ /^rma/) print n[i] }'
}
# traced C: the study's rule: binomial, binary and linear where C has them, completed to three
# by C's first other plain algorithms
traced() {
    local all t="" a
    all=$(plain "$1")
    for a in binomial binary linear; do grep -qx "$a" <<<"$all" && t="$t $a"; done
    for a in $all; do
        [ "$(wc -w <<<"$t")" -ge 3 ] && break
        case " $t " in *" $a "*) ;; *) t="$t $a" ;; esac
    done
    echo $t
}
# a folder whose parent does not exist yet either, as out/study on a fresh checkout
"$collsim" study --collectives bcast,reduce --sizes 16,64K --iters 1 --out "$tmp/new/s" \
    >"$tmp/out" 2>"$tmp/err"
assert_eq "study status" 0 $?
assert_eq "study error lines" "" "$(grep 'error' "$tmp/err")"
mv "$tmp/new/s" "$tmp/s"
for c in $colls; do
    for p in $platforms; do
        q=$p$(sfx "$c")
        for f in "$q.csv" "$q.trace" "$q.analysis.txt" "$q.analysis.models.csv" "$q.analysis.ranks.csv"; do
            [ -s "$tmp/s/$f" ] && pass || fail "missing $f"
        done
        if command -v gnuplot >/dev/null; then
            for f in "$q.png" "$q-models.png" "$q-models.svg" "$q-errors.png" "$q-errors.svg"; do
                [ -s "$tmp/s/$f" ] && pass || fail "missing plot $f"
            done
        fi
        pj_dump -l 9 "$tmp/s/$q.trace" >/dev/null 2>"$tmp/pj" && pass || fail "pj_dump on $q: $(head -1 "$tmp/pj")"
        assert_eq "collectives in $q.csv" "$c" "$(csv_col "$tmp/s/$q.csv" collective | sort -u | tr '\n' ' ' | sed 's/ $//')"
        # the traced algorithms are the analyzed ones; the comparison adds every other plain one
        assert_eq "analyzed algorithms of $q" "$(traced "$c" | tr ' ' '\n' | sort | tr '\n' ' ')" \
            "$(sed -n "s|^# phase $c/\([^/]*\)/65536/.*|\1|p" "$tmp/s/$q.analysis.txt" | sort | tr '\n' ' ')"
        for a in $(plain "$c"); do
            assert_eq "$a rows in $q.csv" 2 "$(grep -c "^$c,$a,$p," "$tmp/s/$q.csv")"
        done
        assert_eq "one-sided rows in $q.csv" 0 "$(grep -c "^$c,rma" "$tmp/s/$q.csv")"
        assert_eq "library schedules' rows in $q.csv (run when named)" 0 "$(grep -c "^$c,ompi_" "$tmp/s/$q.csv")"
    done
done
for p in $platforms; do
    assert_eq "pipelined phases in $p.trace" 0 "$(grep -c 'bcast/pipeline_' "$tmp/s/$p.trace")"
done
[ "$(plain bcast | wc -l)" -gt 3 ] && pass || fail "no broadcast to compare"
# the topology-aware algorithms where they fit, and only there
assert_eq "ring on ring-64" 2 "$(grep -c '^bcast,ring,' "$tmp/s/ring-64.csv")"
assert_eq "torus on torus-8x8" 2 "$(grep -c '^bcast,torus,' "$tmp/s/torus-8x8.csv")"
assert_eq "hypercube on hypercube-6" 2 "$(grep -c '^bcast,hypercube,' "$tmp/s/hypercube-6.csv")"
needing() { # KIND: the broadcasts whose needs include KIND (collsim list --tsv), as an ERE alternation
    list_algos bcast "$1" | cut -d' ' -f2 | paste -sd'|'
}
topo="$(needing ring)|$(needing torus)|$(needing hypercube)"
ftree=$(needing fattree)
[ -n "$ftree" ] && pass || fail "no fat-tree broadcast in collsim list --tsv"
assert_eq "ring, torus, hypercube algorithms on fattree-64 and xl250a" 0 \
    "$(cat "$tmp/s/fattree-64.csv" "$tmp/s/xl250a.csv" | grep -cE "^bcast,($topo),")"
assert_eq "fat-tree algorithms on fattree-64, and only there" \
    "$(grep -cE "^bcast,($ftree)," "$tmp/s/fattree-64.csv")" \
    "$(cat "$tmp/s"/*-*.csv | grep -cE "^bcast,($ftree),")"
assert_eq "fattree_pipeline on fattree-64" 2 "$(grep -c '^bcast,fattree_pipeline,' "$tmp/s/fattree-64.csv")"
assert_eq "fat-tree algorithms on xl250a" 0 "$(grep -cE "^bcast,($ftree)," "$tmp/s/xl250a.csv")"
# summary.csv: the collectives one after the other, the broadcast first
assert_eq "collectives in summary.csv, in order" "bcast reduce" \
    "$(csv_col "$tmp/s/summary.csv" collective | uniq | tr '\n' ' ' | sed 's/ $//')"

# each summary table: one row per platform and algorithm of the collective's rows of summary.csv
for c in $colls; do
    txt=$tmp/s/summary$(sfx "$c").txt
    pairs=$(paste -d, <(csv_col "$tmp/s/summary.csv" collective) <(csv_col "$tmp/s/summary.csv" platform) \
        <(csv_col "$tmp/s/summary.csv" algorithm) | awk -F, -v c="$c" '$1 == c' | sort -u | wc -l)
    rows=$(awk '/^# fastest/ { exit } /^  / { print $1 "," $2 }' "$txt" | sort -u | wc -l)
    assert_eq "$c summary rows (one per platform and algorithm)" "$pairs" "$rows"
    n=$(traced "$c" | wc -w)
    for p in $platforms; do
        assert_eq "traced algorithms of $p in the $c summary" "$n" \
            "$(grep -cE "^  $p +($(traced "$c" | tr ' ' '|')) " "$txt")"
    done
done
head -1 "$tmp/s/summary.txt" | grep -q '^# simulated broadcast time' && pass || fail "summary.txt is not the broadcast's"
head -1 "$tmp/s/summary-reduce.txt" | grep -q '^# simulated reduction time' && pass || fail "summary-reduce.txt is not the reduction's"
# a progress line per cell, the last one n/n
cells=$(ls "$tmp/s/cells" | grep -cE '^[0-9a-f]{16}\.csv$')
assert_eq "progress lines (one per cell)" "$cells" "$(grep -cE '^collsim: study \[[0-9]+/[0-9]+\] (bcast|reduce) .* on .*: done in ' "$tmp/err")"
grep -q "^collsim: study \[$cells/$cells\] " "$tmp/err" && pass || fail "no last progress line $cells/$cells"

# best.csv against each platform's CSV, recomputed here
best=$tmp/s/best.csv
assert_eq "best.csv header" "collective,variant,platform,np,bytes,best_algorithm,best_avg_s,second_algorithm,second_avg_s,not_run" "$(head -1 "$best")"
# the columns the checks below read, as they were before the variant, platform and np columns
cut -d, -f1,2,5- "$best" >"$tmp/best7.csv"
best=$tmp/best7.csv
assert_eq "best.csv rows (2 collectives x 5 platforms x 2 sizes)" 20 "$(($(wc -l <"$best") - 1))"
assert_eq "collectives in best.csv, in order" "bcast reduce" "$(awk -F, 'NR > 1 { print $1 }' "$best" | uniq | tr '\n' ' ' | sed 's/ $//')"
for c in $colls; do
    for p in $platforms; do
        q=$p$(sfx "$c")
        # every size of the platform's CSV has its row
        assert_eq "sizes of $q in best.csv" "$(csv_col "$tmp/s/$q.csv" bytes | sort -u | tr '\n' ' ')" \
            "$(awk -F, -v c="$c" -v p="$p" '$1 == c && $2 == p { print $3 }' "$best" | sort -u | tr '\n' ' ')"
        bad=$(awk -F, -v c="$c" -v p="$p" '
            function near(a, b) { d = a - b; if (d < 0) d = -d; return d <= 1e-9 * (b < 0 ? -b : b) + 1e-18 }
            FNR == NR && FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
            FNR == NR { if ($col["valid"] == 1) { t = $col["avg_s"]; s = $col["bytes"]
                            time[s "," $col["algorithm"]] = t; if (!(s in min) || t < min[s]) min[s] = t }
                        next }
            $1 != c || $2 != p { next }
            { n++; b = $3
              if (!(b in min)) { print "no row of size " b; next }
              if (!near($5, min[b])) print b ": best time " $5 " is not the minimum " min[b]
              if (!((b "," $4) in time) || !near(time[b "," $4], min[b]))
                  print b ": " $4 "'"'"'s own time is not the minimum " min[b]
              # the runner-up: the fastest of the other algorithms
              m2 = ""; for (k in time) { split(k, f, ","); if (f[1] == b && f[2] != $4 && (m2 == "" || time[k] < m2)) m2 = time[k] }
              if ($6 == $4) print b ": the runner-up is the winner"
              if (m2 != "" && (!((b "," $6) in time) || !near($7, m2) || !near(time[b "," $6], m2)))
                  print b ": runner-up " $6 " at " $7 " is not the next minimum " m2 }
            END { if (n == 0) print "no row" }' "$tmp/s/$q.csv" "$best")
        assert_eq "best.csv agrees with $q.csv" "" "$bad"
    done
done

# each collective's map in its summary: each cell's key names best.csv's algorithm, '~' where
# it ties
for c in $colls; do
    bad=$(awk -v c="$c" '
        FNR == NR { split($0, f, ","); if (FNR > 1 && f[1] == c) { win[f[2], ++n[f[2]]] = f[4]
                        tie[f[2], n[f[2]]] = f[7] != "" && f[7] <= f[5] * 1.01 }; next }
        /^# fastest/ { on = 1; next }
        on && /^#   [A-Z]+ / { key[$2] = $3; next }
        on && /^  / { row[++r] = $0 }
        END { if (r != 5) print r " map rows"
              for (i = 1; i <= r; i++) { nf = split(row[i], x, " ")
                  if (nf - 1 != n[x[1]]) print x[1] ": " nf - 1 " cells"
                  for (j = 2; j <= nf; j++) { k = x[j]; t = sub(/~$/, "", k)
                      if (key[k] != win[x[1], j - 1]) print x[1] " cell " j - 1 ": " key[k] " vs " win[x[1], j - 1]
                      if (t != tie[x[1], j - 1]) print x[1] " cell " j - 1 ": tie mark " t } } }' \
        "$best" "$tmp/s/summary$(sfx "$c").txt")
    assert_eq "$c summary map agrees with best.csv" "" "$bad"
done
assert_eq "maps on stdout" 2 "$(grep -c "^# fastest algorithm" "$tmp/out")"

if command -v gnuplot >/dev/null; then
    for c in $colls; do
        b=$tmp/s/best$(sfx "$c")
        [ "$(head -c 8 "$b.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && pass || fail "$b.png is not a PNG"
        grep -q '<svg' "$b.svg" && pass || fail "$b.svg is not an SVG"
        # the key names every winner
        for a in $(awk -F, -v c="$c" 'NR > 1 && $1 == c { print $4 }' "$best" | sort -u); do
            grep -q ">$a<" "$b.svg" && pass || fail "$b.svg does not name $a"
        done
    done
fi
leftovers=$(cd "$tmp/s" && ls | grep -E '\.part$|\.probe\.csv$|\.compare\.csv$')
assert_eq "temporary files left" "" "$leftovers"

# --no-compare: the traced algorithms only, and still a map; the broadcast's files are the same
# when another collective runs too, even first
"$collsim" study --collectives bcast --sizes 16 --iters 1 --no-trace --no-compare --out "$tmp/n" >/dev/null 2>&1
assert_eq "study --no-compare status" 0 $?
assert_eq "algorithms with --no-compare" "binary binomial linear" \
    "$(csv_col "$tmp/n/summary.csv" algorithm | sort -u | tr '\n' ' ' | sed 's/ $//')"
assert_eq "best.csv rows with --no-compare" 5 "$(($(wc -l <"$tmp/n/best.csv") - 1))"
"$collsim" study --collectives reduce,bcast --sizes 16 --iters 1 --no-trace --no-compare --out "$tmp/n2" >/dev/null 2>&1
assert_eq "study --collectives reduce,bcast status" 0 $?
for f in summary.txt $(for p in $platforms; do echo "$p.csv"; done); do
    cmp -s "$tmp/n/$f" "$tmp/n2/$f" && pass || fail "$f differs when the reduction runs too"
done
assert_eq "collectives in best.csv, in the order given" "reduce bcast" \
    "$(awk -F, 'NR > 1 { print $1 }' "$tmp/n2/best.csv" | uniq | tr '\n' ' ' | sed 's/ $//')"

# a size beyond half the machine's memory is left out and named (the reduction's 64 ranks hold
# 2 x 64 x 2 GiB, more than a machine of up to 512 GiB can give)
mem_kib=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
if [ "$mem_kib" -lt $((512 * 1024 * 1024)) ]; then
    "$collsim" study --collectives reduce --sizes 16,2147483647 --iters 1 --no-trace --no-compare \
        --out "$tmp/m" >/dev/null 2>"$tmp/merr"
    assert_eq "study with a size beyond memory: status" 0 $?
    grep -q '^collsim: reduce: left out: 2147483647 B (on 64 processes' "$tmp/merr" && pass || fail "no note of the size left out: $(cat "$tmp/merr")"
    assert_eq "its summary opens with it" "# left out: 2147483647 B" "$(sed -n 2p "$tmp/m/summary-reduce.txt" | cut -d'(' -f1 | sed 's/ $//')"
    # its column is in the table and the map, marked, on every line
    assert_eq "its table cells" "left out" "$(awk '/^# variant/ { t = 1; next } t && /^  / { print $(NF - 1), $NF } /^$/ { t = 0 }' "$tmp/m/summary-reduce.txt" | sort -u)"
    assert_eq "its map column" "x" "$(awk '/^# platform/ { t = 1; next } t && /^  / { print $NF } /^#/ { t = 0 }' "$tmp/m/summary-reduce.txt" | sort -u)"
    assert_eq "sizes run" 16 "$(csv_col "$tmp/m/summary.csv" bytes | sort -u | tr '\n' ' ' | sed 's/ $//')"
fi

# bad input: one error line before anything runs, no output directory
assert_one_line_error "bad --sizes" "$collsim" study --sizes 16:x --no-trace --out "$tmp/e"
assert_one_line_error "unknown algorithm" "$collsim" study --algo nosuch --no-trace --out "$tmp/e"
assert_one_line_error "unknown collective" "$collsim" study --collectives bcast,nosuch --no-trace --out "$tmp/e"
assert_status "unknown collective" 2 "$collsim" study --collectives nosuch --no-trace --out "$tmp/e"
"$collsim" study --collectives nosuch --out "$tmp/e" 2>&1 | grep -q "unknown collective 'nosuch' (known: bcast, [a-z, -]*reduce" && pass || fail "the error does not name the known collectives"
assert_one_line_error "no collective" "$collsim" study --collectives , --no-trace --out "$tmp/e"
assert_one_line_error "an algorithm of another collective" "$collsim" study --collectives reduce --algo binary --no-trace --out "$tmp/e"
mkdir -p "$tmp/plat"
assert_one_line_error "missing platform" "$collsim" study --platforms "$tmp/plat" --no-trace --out "$tmp/e"
[ ! -e "$tmp/e" ] && pass || fail "failed studies left $(ls "$tmp/e")"
# exclude: every allreduce algorithm but the excluded ones (all of them before, or a list of
# every other one by name)
printf 'platform = crossbar nodes=4\nnp = 4\ncollectives = allreduce\nalgorithms = all\nexclude = direct,ring\ncompare = none\ntrace = no\nsizes = 16\n' >"$tmp/ex.study"
"$collsim" study "$tmp/ex.study" --out "$tmp/ex" >/dev/null 2>"$tmp/ex.err"
assert_eq "exclude: status ($(tail -1 "$tmp/ex.err"))" 0 $?
ran=$(csv_col "$tmp/ex/summary.csv" algorithm | sort -u | paste -sd' ')
case " $ran " in *" direct "* | *" ring "*) fail "exclude: excluded algorithms ran: $ran" ;; *) pass ;; esac
case " $ran " in *" recursive_doubling "*) pass ;; *) fail "exclude: the others did not run: $ran" ;; esac
assert_one_line_error "exclude: an unknown name" "$collsim" study "$tmp/ex.study" --exclude nope --out "$tmp/ex2"
finish
