#!/usr/bin/env bash
# predict_valid.sh COLLSIM SRCDIR: `collsim predict` prints, beside every prediction past the
# ranks where bench/predict-scale checked its formula (validation/predict-scale.csv), the
# least and greatest error found there and how far it was checked, per model and platform
# kind, worked out here from the table itself; nothing inside the range; "not validated past
# 64 ranks" where the table has no row for the kind. predict takes up to 2^24 ranks.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
table=$src/validation/predict-scale.csv
[ -s "$table" ] && pass || fail "no validation table $table"

# range KIND COLL ALGO MODEL: "LO% to HI% up to N" over the table's rows of that case
range() {
    awk -F, -v k="$1" -v c="$2" -v a="$3" -v m="$4" '
        NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
        $h["platform"] == k && $h["collective"] == c && $h["algorithm"] == a && $h["model"] == m {
            e = $h["error"] + 0; if (n == 0 || e < lo) lo = e; if (n == 0 || e > hi) hi = e
            if ($h["np"] + 0 > np) np = $h["np"] + 0; n++ }
        END { if (n) printf "%+.1f%% to %+.1f%% up to %d", 100 * lo, 100 * hi, np }' "$table"
}
# note ARGS...: the note of predict's rows as "ALGO MODEL NOTE" lines
note() {
    "$collsim" predict "$@" --csv "$tmp/p.csv" >/dev/null || fail "predict $*"
    awk -F, 'NR > 1 { n = $8; for (i = 9; i <= NF; i++) n = n "," $i; gsub(/"/, "", n)
                      print $2, $5, n }' "$tmp/p.csv"
}

# formulas alone (--a, --b): the crossbar's range
r=$(range crossbar allreduce recursive_doubling hockney)
[ -n "$r" ] && pass || fail "the table has no crossbar row of allreduce recursive_doubling"
max=${r##* }
hock=(--a 2us --b 1e-10 --collective allreduce --algo recursive_doubling --sizes 1K)
assert_eq "past the range" "recursive_doubling hockney beyond validation: $r ranks on crossbar" \
    "$(note "${hock[@]}" --np $((max + 1)) | grep hockney)"
assert_eq "inside the range" "recursive_doubling hockney " "$(note "${hock[@]}" --np "$max" | grep hockney)"
assert_eq "LogGP's own range" \
    "recursive_doubling loggp beyond validation: $(range crossbar allreduce recursive_doubling loggp) ranks on crossbar" \
    "$(note "${hock[@]}" --np 10000000 | grep loggp)"

# a platform's kind, an estimate's note kept before it
"$collsim" platform fattree --nodes 64 -o "$tmp/ft.xml" >/dev/null || fail "fattree platform"
r=$(range fattree bcast binomial hockney)
[ -n "$r" ] && pass || fail "the table has no fattree row of bcast binomial"
assert_eq "fat tree past the range" "binomial hockney approx; beyond validation: $r ranks on fattree" \
    "$(note --platform "$tmp/ft.xml" --a 4us --np 1000000 --algo binomial --sizes 1K | grep hockney)"

# a kind the table does not hold: noted past 64 ranks only
assert_eq "ring, no rows (the table)" "" "$(range ring allreduce ring hockney)"
assert_eq "ring past 64 ranks" "ring hockney approx; not validated past 64 ranks on ring" \
    "$(note --platform "$(plat ring-16)" --np 128 --collective allreduce --algo ring --sizes 1K | grep hockney)"
assert_eq "ring at 16 ranks" "ring hockney approx" \
    "$(note --platform "$(plat ring-16)" --np 16 --collective allreduce --algo ring --sizes 1K | grep hockney)"

# up to 2^24 ranks, a number for every formula that has one
for coll in bcast allreduce alltoall reduce_scatter; do
    "$collsim" predict --a 2us --b 1e-10 --np 16777216 --collective "$coll" --sizes 1K,1M \
        --csv "$tmp/big.csv" >/dev/null
    assert_eq "$coll at 2^24 ranks" 0 $?
    assert_eq "$coll at 2^24: no time that is not a positive number" "" \
        "$(csv_col "$tmp/big.csv" predicted_s | awk '$1 != "" && !($1 + 0 > 0)')"
done
assert_one_line_error "2^24 + 1 ranks" "$collsim" predict --a 2us --b 1e-10 --np 16777217
finish
