# keys.sh: what the lab tests share (source it after tests/lib.sh). A teacher's key
# (examples/labs/NN-*/key/KEY.md) states each checked claim on a line of its own,
#   - ID: words: VALUE [UNIT]
# The words may hold ': ' themselves; after the line's LAST ': ' come exactly VALUE and an
# optional one-token unit, nothing else. VALUE is the claim's number (a trailing % allowed)
# or one word (an algorithm's name, a yes or no). The test reads VALUE with key_num or
# key_word, recomputes it by hand (calc) and from a fresh run, and asserts that all agree.
# Functions that run collsim need $collsim, and runs needs a scratch folder $tmp.

# key_line KEY ID: the claim line of ID (fails the test if the key has none)
key_line() {
    local line
    line=$(grep -m1 -- "^- $2: " "$1")
    [ -n "$line" ] || fail "key $1 has no claim '$2'"
    printf '%s\n' "$line"
}

# key_value KEY ID: the claim's VALUE, the first of the one or two tokens after the line's
# last ': ' (nothing, and a message, when more follow: the claim is not in the format)
key_value() {
    key_line "$1" "$2" | awk -v id="$2" '{ n = split($0, part, ": "); k = split(part[n], tok, " ")
        if (n > 2 && (k == 1 || k == 2)) print tok[1]
        else print "key claim " id ": not \"- ID: words: VALUE [UNIT]\": " $0 > "/dev/stderr" }'
}

# key_num KEY ID: the claim's VALUE as a number (a trailing % dropped; nothing, and a
# message, when VALUE is no number)
key_num() {
    key_value "$1" "$2" | awk -v id="$2" '{ v = $1; sub(/%$/, "", v)
        if (v ~ /^[-+]?[0-9]*\.?[0-9]+(e[-+]?[0-9]+)?$/) print v
        else print "key claim " id ": VALUE " $1 " is no number" > "/dev/stderr" }'
}

# key_word KEY ID: the claim's VALUE as a word (an algorithm's name, a yes or no)
key_word() { key_value "$1" "$2"; }

# calc EXPR: awk arithmetic, 12 significant digits
calc() { awk "BEGIN { printf \"%.12g\", $1 }"; }

# check_key KEY ID FORMULA TOL: the key's number and the formula worked out by hand agree
# within the relative tolerance TOL
check_key() {
    local k
    k=$(key_num "$1" "$2")
    assert_near "$2: key vs formula" "$3" "${k:-none}" "$4"
}

# check_claim KEY ID FORMULA RUN TOL: the key's number, the formula worked out by hand and
# the fresh run's value agree within the relative tolerance TOL (pairwise, formula first)
check_claim() {
    check_key "$1" "$2" "$3" "$5"
    assert_near "$2: run vs formula" "$3" "${4:-none}" "$5"
}

# assert_within WHAT EXPECTED ACTUAL ABSTOL: |ACTUAL - EXPECTED| <= ABSTOL (for values near 0)
assert_within() {
    if awk -v e="$2" -v a="$3" -v t="$4" 'BEGIN { d = a - e; if (d < 0) d = -d; exit !(a != "" && d <= t) }'; then
        pass
    else
        fail "$1: expected $2, got '$3' (absolute tolerance $4)"
    fi
}

# check_claim_abs KEY ID FORMULA RUN ABSTOL: as check_claim, with an absolute tolerance
check_claim_abs() {
    assert_within "$2: key vs formula" "$3" "$(key_num "$1" "$2")" "$5"
    assert_within "$2: run vs formula" "$3" "$4" "$5"
}

# check_word KEY ID ACTUAL: the key's word is ACTUAL (what the runs found)
check_word() { assert_eq "$2: key vs run" "$3" "$(key_word "$1" "$2")"; }

# check_holds KEY ID AWK_CONDITION: the key's yes or no is whether the condition (on numbers
# from the runs) holds
check_holds() {
    local found
    awk "BEGIN { exit ($3) ? 0 : 1 }" 2>/dev/null
    case $? in 0) found=yes ;; 1) found=no ;; *) found="no value (awk cannot read it)" ;; esac
    assert_eq "$2: key vs runs ($3)" "$found" "$(key_word "$1" "$2")"
}

# check_below KEY ID ACTUAL / check_above KEY ID ACTUAL: ACTUAL (from the runs) is below
# (above) the key's bound
check_below() {
    local k
    k=$(key_num "$1" "$2")
    awk -v a="$3" -v k="$k" 'BEGIN { exit !(a != "" && k != "" && a + 0 < k + 0) }' && pass ||
        fail "$2: the run's $3 is not below the key's bound '$k'"
}
check_above() {
    local k
    k=$(key_num "$1" "$2")
    awk -v a="$3" -v k="$k" 'BEGIN { exit !(a != "" && k != "" && a + 0 > k + 0) }' && pass ||
        fail "$2: the run's $3 is not above the key's bound '$k'"
}

# runs ARGS...: `collsim run ARGS --quiet --csv`, then one line per row: algorithm bytes
# avg_us (a failed run, a wrong result included, fails the test)
runs() {
    rm -f "$tmp/runs.csv"
    "$collsim" run "$@" --quiet --csv "$tmp/runs.csv" >/dev/null 2>"$tmp/runs.err" ||
        fail "collsim run $*: $(head -3 "$tmp/runs.err")"
    [ -f "$tmp/runs.csv" ] || return 0
    paste -d' ' <(csv_col "$tmp/runs.csv" algorithm) <(csv_col "$tmp/runs.csv" bytes) \
        <(csv_col "$tmp/runs.csv" avg_s | awk '{ printf "%.12g\n", $1 * 1e6 }')
}

# pick ROWS ALGO BYTES: the avg_us of one row of `runs` output
pick() { printf '%s\n' "$1" | awk -v a="$2" -v b="$3" '$1 == a && $2 == b { print $3 }'; }

# starter_fails WHAT RUN_ARGS...: `collsim run RUN_ARGS` of an unfinished starter file builds
# and runs, and fails the data check (status 1 with collsim's wrong-buffers line, or a
# barrier's line naming a rank that left early; not a compile error)
starter_fails() {
    local what=$1 err st
    shift
    err=$("$collsim" run "$@" --quiet 2>&1 >/dev/null)
    st=$?
    if [ "$st" -eq 1 ] && printf '%s\n' "$err" | grep -qE '^collsim: error: ([0-9]* wrong buffers: |barrier .* let rank [0-9]+ leave )'; then
        pass
    else
        fail "$what: expected the data check to fail, got status $st: $(printf '%s\n' "$err" | tail -2)"
    fi
}
