#!/usr/bin/env bash
# lab04.sh COLLSIM SRCDIR: lab 4 (examples/labs/04-contention): runs the lab's steps and
# checks every claim of its key against the formulas worked out here (t_h = 1 us, b = 0.1
# ns/B, crossbar a = 2 t_h, m' = m + 16, k messages on one link: a + b m' k) and against fresh
# runs and their analysis (collsim analyze --csv: k and each model's signed error).
collsim=$1 src=$2
source "$src/tests/lib.sh"
source "$src/tests/labs/keys.sh"
key=$src/examples/labs/04-contention/key/KEY.md
S=$(mktemp -d)
trap 'rm -rf "$S"' EXIT
"$collsim" platform crossbar --nodes 8 -o "$S/xb8.xml" >/dev/null || fail "crossbar of 8"

# traced NAME PLATFORM RUN_ARGS...: the run's CSV ($S/NAME.csv) and analysis ($S/NAME.models.csv)
traced() {
    local name=$1 pl=$2
    shift 2
    "$collsim" run --platform "$S/$pl.xml" --quiet --csv "$S/$name.csv" "$@" >/dev/null ||
        fail "run $name"
    "$collsim" run --platform "$S/$pl.xml" --quiet --trace "$S/$name.trace" "$@" >/dev/null ||
        fail "traced run $name"
    "$collsim" analyze "$S/$name.trace" --platform "$S/$pl.xml" --csv "$S/$name" >/dev/null ||
        fail "analyze $name"
}
us() { awk -F, -v m="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["bytes"] == m { printf "%.12g\n", $c["avg_s"] * 1e6 }' "$S/$1.csv"; }
mcol() { # NAME BYTES MODEL COLUMN: a column of the analysis' row
    awk -F, -v m="$2" -v model="$3" -v col="$4" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["bytes"] == m && $c["model"] == model { print $c[col] }' "$S/$1.models.csv"; }
a=2 e=$(calc "1016 * 1e-4") E=$(calc "65552 * 1e-4") # us: a, b m' at 1000 B and 64 KiB

traced bcast xb8 --algo linear --sizes 1000,64K
check_claim "$key" Q1.k 7 "$(mcol bcast 1000 contention k)" 0
check_claim "$key" Q1.time "$(calc "$a + 7 * $e")" "$(us bcast 1000)" 1e-6
check_claim "$key" Q1.hockney "$(calc "(($a + $e) / ($a + 7 * $e) - 1) * 100")" "$(mcol bcast 1000 hockney error_pct)" 1e-3
check_claim_abs "$key" Q1.contention 0 "$(mcol bcast 1000 contention error_pct)" 0.01
check_claim "$key" Q2.k 1 "$(mcol bcast 65536 contention k)" 0
check_claim "$key" Q2.time "$(calc "7 * ($a + $E)")" "$(us bcast 65536)" 1e-6

traced gather xb8 --collective gather --algo linear --sizes 64K
check_claim "$key" Q3.k 7 "$(mcol gather 65536 contention k)" 0
check_claim "$key" Q3.time "$(calc "$a + 7 * $E")" "$(us gather 65536)" 1e-6
check_claim "$key" Q3.hockney "$(calc "(($a + $E) / ($a + 7 * $E) - 1) * 100")" "$(mcol gather 65536 hockney error_pct)" 1e-3

T=$(calc "1048592 * 1e-4")
worst=0
for R in 1 2 4; do
    "$collsim" platform fattree --nodes 16 --oversubscription $R -o "$S/ft$R.xml" >/dev/null || fail "fat tree R=$R"
    hops=$("$collsim" platform info "$S/ft$R.xml" --hops | awk '$1 == "n0" && $2 == "n4" { print $3 }')
    check_claim "$key" Q4.hops 4 "$hops" 0
    traced ft$R ft$R --collective qshift --shift 4 --algo direct --sizes 1M
    check_claim "$key" Q4.k$R "$R" "$(mcol ft$R 1048576 contention k)" 0
    check_claim "$key" Q4.t$R "$(calc "4 + $R * $T")" "$(us ft$R 1048576)" 1e-6
    worst=$(awk -v w="$worst" -v x="$(mcol ft$R 1048576 contention error_pct)" \
        'BEGIN { if (x < 0) x = -x; print (x > w ? x : w) }')
done
check_claim_abs "$key" Q5.exact 0 "$worst" 0.01
finish
