# keycheck.sh: helpers the tests of labs 05-07 share to check a teacher's key (key/KEY.md)
# against fresh runs. A claim is a line of the key holding "[TAG]"; its number is the last
# number on that line. Source after tests/lib.sh; needs $collsim, $tmp and $keyfile.

# key TAG: the number of claim TAG (empty, and a failure, when the key has no such line)
key() {
    local v
    v=$(grep -F "[$1]" "$keyfile" | head -1 |
        awk '{ for (i = NF; i > 0; i--) { f = $i; gsub(/[^0-9.]+$/, "", f); gsub(/^[^0-9.A-Za-z]+/, "", f);
               if (f ~ /^[0-9]+(\.[0-9]+)?$/) { print f; exit } } }')
    [ -n "$v" ] || fail "the key has no number for [$1]"
    printf '%s\n' "$v"
}

# has_claim TAG: the key states claim TAG (a comparison the caller then asserts)
has_claim() { grep -qF "[$1]" "$keyfile" && pass || fail "the key has no claim [$1]"; }

# calc EXPR: an awk expression's value, 10 significant digits
calc() { awk "BEGIN { printf \"%.10g\", $1 }"; }

# runs ARGS...: `collsim run ARGS --quiet --csv`, then one line per row: algorithm bytes avg_us
runs() {
    rm -f "$tmp/runs.csv"
    "$collsim" run "$@" --quiet --csv "$tmp/runs.csv" >/dev/null 2>"$tmp/runs.err" ||
        fail "collsim run $*: $(head -3 "$tmp/runs.err")"
    [ -f "$tmp/runs.csv" ] || return 0
    paste -d' ' <(csv_col "$tmp/runs.csv" algorithm) <(csv_col "$tmp/runs.csv" bytes) \
        <(csv_col "$tmp/runs.csv" avg_s | awk '{ printf "%.10g\n", $1 * 1e6 }')
}

# pick ROWS ALGO BYTES: the avg_us of one row of `runs` output
pick() { printf '%s\n' "$1" | awk -v a="$2" -v b="$3" '$1 == a && $2 == b { print $3 }'; }

# check_time TAG FORMULA_US MEASURED_US: the key's number, the formula and the run agree (1%)
check_time() {
    assert_near "[$1] key vs formula" "$2" "$(key "$1")" 0.01
    assert_near "[$1] run vs formula" "$2" "$3" 0.01
}

# check_claim TAG AWK_CONDITION: claim TAG is in the key and the condition holds
check_claim() {
    has_claim "$1"
    awk "BEGIN { exit !($2) }" && pass || fail "[$1] does not hold: $2"
}

# has_algo_file: collsim run takes --algo-file (student code); else say the checks wait
has_algo_file() {
    "$collsim" run --help 2>&1 | grep -q -- '--algo-file' && return 0
    echo "note: collsim run has no --algo-file yet: the student-code checks are skipped" >&2
    return 1
}
