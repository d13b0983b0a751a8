#!/usr/bin/env bash
# csv_tables.sh RECORDS SRCDIR COLLSIM: every kind of CSV collsim writes (run, analyze --csv
# and --messages, calibrate, study) is one table a notebook reads: one header, every row as
# many fields, a unit in every column name that holds a quantity (seconds `_s`, `bytes`,
# `_pct`; docs/csv.md), read whole by pandas and by R's read.csv where they are installed.
# The same quantity agrees across files: a time written in microseconds would be 1e6 off.
collsim=$3 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
x=$tmp/r4.xml
"$collsim" platform ring --nodes 4 --latency 5us --bandwidth 1GBps -o "$x" >/dev/null || fail "platform"
"$collsim" run --platform "$x" --algo binomial,linear --sizes 16,1000 --iters 2 --warmup 1 --quiet \
    --trace-links --trace "$tmp/t.trace" --csv "$tmp/run.csv" || fail "run"
"$collsim" analyze "$tmp/t.trace" --platform "$x" --csv "$tmp/an" --messages "$tmp/msgs.csv" \
    >/dev/null || fail "analyze"
"$collsim" calibrate --platform "$x" --sizes 0,1K,64K --csv "$tmp/pp.csv" >/dev/null 2>&1 ||
    fail "calibrate"
"$collsim" predict --platform "$x" --np 4 --sizes 16,1000 --csv "$tmp/pr.csv" >/dev/null ||
    fail "predict"
# two platforms, so that the study writes whatif.csv too
"$collsim" study --platform 'ring nodes=4,8' --collectives bcast --sizes 16 --no-compare \
    --out "$tmp/st" -j 1 >/dev/null 2>&1 || fail "study"

# every file expected (a missing one fails), then every other CSV the study left (its cells)
files=("$tmp"/{run,an.models,an.ranks,an.links,msgs,pp,pr}.csv "$tmp"/st/{summary,best,whatif}.csv
    "$tmp"/st/ring-4{,.analysis.models,.analysis.ranks,.analysis.links}.csv)
for f in "${files[@]}"; do [ -s "$f" ] && pass || fail "missing ${f#"$tmp"/}"; done
while IFS= read -r f; do
    case " ${files[*]} " in *" $f "*) ;; *) files+=("$f") ;; esac
done < <(find "$tmp" -name '*.csv' | sort)
assert_eq "CSV files besides the expected ones (the study's cells)" 1 \
    "$([ "${#files[@]}" -gt 16 ] && echo 1 || echo "${#files[@]}")"

# One table: no blank line, no second header, every row with the header's field count.
# Units: a column holding a quantity ends in its unit; the others are names, counts or flags.
unitless=$(echo " collective algorithm platform model routing np root warmup iterations valid variant
    call timed rank src dst hops k exact phase link ratio best_algorithm second_algorithm not_run
    baseline_variant sent_messages received_messages best note " | tr -s ' \n' '  ')
for f in "${files[@]}"; do
    name=${f#"$tmp"/}
    bad=$(awk -F, 'NR == 1 { n = NF; h = $0; next }
        NF != n || $0 == h { print "line " NR ": " NF " fields, the header has " n; exit }' "$f")
    assert_eq "$name: one table" "" "$bad"
    for c in $(head -1 "$f" | tr ',' ' '); do
        case $c in
        *_us | *_ms | *_ns | *_min | *_kb | *_mb | *_kib | *_mib | *_percent)
            fail "$name: column $c: times are in seconds (_s), sizes in bytes" ;;
        *_s | bytes | *_bytes | *_pct) pass ;;
        *) [[ $unitless == *" $c "* ]] && pass || fail "$name: column '$c' has no unit" ;;
        esac
    done
done

# The same quantity, two files: the analysis's simulated time is the runner's (within the
# trace's 9 decimals); no message ends after the last rank left its call; the best time is
# the summary's fastest; the ping-pong's 0-byte one-way time is at least a link's latency and
# at most the 3 links' of the ring's longest route (plus per-message costs under a latency).
bad=$(awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
    FILENAME ~ /run.csv$/ { t[$c[FILENAME, "algorithm"] "," $c[FILENAME, "bytes"]] = $c[FILENAME, "avg_s"]; next }
    { k = $c[FILENAME, "algorithm"] "," $c[FILENAME, "bytes"]; s = $c[FILENAME, "simulated_s"]; n++
      if (!(k in t) || (s - t[k]) ^ 2 > (0.01 * t[k]) ^ 2) print k ": simulated_s " s ", avg_s " t[k] }
    END { if (n == 0) print "no model row" }' "$tmp/run.csv" "$tmp/an.models.csv")
assert_eq "analysis simulated_s vs run avg_s" "" "$bad"
bad=$(awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
    { k = $c[FILENAME, "algorithm"] "," $c[FILENAME, "bytes"] "," $c[FILENAME, "call"] }
    FILENAME ~ /ranks/ { e = $c[FILENAME, "exit_s"]; if (e > out[k]) out[k] = e; next }
    { n++; e = $c[FILENAME, "end_s"]; if (!(k in out) || e > out[k] * 1.0001 || e <= 0) print k ": message ends at " e ", last exit " out[k] }
    END { if (n == 0) print "no message row" }' "$tmp/an.ranks.csv" "$tmp/msgs.csv")
assert_eq "messages' end_s within the ranks' exit_s" "" "$bad"
bad=$(awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
    FILENAME ~ /summary/ { k = $1 "," $c[FILENAME, "bytes"]; a = $c[FILENAME, "avg_s"]
                           if (!(k in m) || a < m[k]) m[k] = a; next }
    { n++; k = $2 "," $c[FILENAME, "bytes"]; b = $c[FILENAME, "best_avg_s"]
      if (!(k in m) || (b - m[k]) ^ 2 > (1e-9 * m[k]) ^ 2) print k ": best_avg_s " b ", fastest avg_s " m[k] }
    END { if (n == 0) print "no best row" }' "$tmp/st/summary.csv" "$tmp/st/best.csv")
assert_eq "best.csv best_avg_s vs summary.csv avg_s" "" "$bad"
got=$(awk -F, '$1 == 0 { print $2 }' "$tmp/pp.csv")
awk -v t="$got" 'BEGIN { exit !(t >= 5e-6 && t <= 3 * 5e-6 * 1.1) }' && pass ||
    fail "ping-pong oneway_s at 0 B: $got, not from 5e-6 to 1.65e-5 s"

# The notebooks' readers: each file whole, its header as the columns, times as numbers.
# (Debian's python3-pandas is /usr/bin/python3's, which another python3 may come before)
py=
for p in python3 /usr/bin/python3; do
    [ -z "$py" ] && "$p" -c 'import pandas' 2>/dev/null && py=$p
done
if [ -n "$py" ]; then
    out=$("$py" - "${files[@]}" <<'EOF' 2>&1
import sys, pandas
for f in sys.argv[1:]:
    d = pandas.read_csv(f)
    header = open(f).readline().strip().split(",")
    if list(d.columns) != header:
        print(f, "columns", list(d.columns))
    for c in header:
        if c.endswith("_s") and len(d) and not pandas.api.types.is_numeric_dtype(d[c]):
            print(f, c, "is not numeric")
EOF
    )
    assert_eq "pandas.read_csv" "" "$out"
else
    echo "csv_tables: no python3-pandas, pandas not tried" >&2
fi
if command -v Rscript >/dev/null; then
    out=$(Rscript -e 'for (f in commandArgs(TRUE)) {
        d <- read.csv(f, check.names = FALSE)
        h <- strsplit(readLines(f, n = 1), ",")[[1]]
        if (!identical(names(d), h)) cat(f, "columns", names(d), "\n")
        for (c in h[endsWith(h, "_s")]) if (nrow(d) > 0 && !is.numeric(d[[c]])) cat(f, c, "is not numeric\n")
    }' "${files[@]}" 2>&1)
    assert_eq "R read.csv" "" "$out"
else
    echo "csv_tables: no Rscript, R not tried" >&2
fi
finish
