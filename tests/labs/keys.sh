# keys.sh: what the lab tests share (source it after tests/lib.sh). A teacher's key
# (examples/labs/NN-*/key/KEY.md) states each checked claim on a line of its own,
#   - ID: words: VALUE [UNIT]
# where VALUE is the claim's number (or one word, for "X is fastest"), the last token but
# an optional unit. The test reads VALUE with key_num or key_word, recomputes it by hand
# (calc) and from a fresh run, and asserts that all agree.

# key_line KEY ID: the claim line of ID (fails the test if the key has none)
key_line() {
    local line
    line=$(grep -m1 -- "^- $2: " "$1")
    [ -n "$line" ] || fail "key $1 has no claim '$2'"
    printf '%s\n' "$line"
}

# key_num KEY ID: the claim's number (the last numeric token; a trailing % dropped)
key_num() {
    key_line "$1" "$2" | awk '{ for (i = NF; i > 0; i--) { v = $i; sub(/%$/, "", v)
        if (v ~ /^[-+]?[0-9]*\.?[0-9]+(e[-+]?[0-9]+)?$/) { print v; exit } } }'
}

# key_word KEY ID: the claim's last word (an algorithm's name, a yes or no)
key_word() { key_line "$1" "$2" | awk '{ print $NF }'; }

# calc EXPR: awk arithmetic, 12 significant digits
calc() { awk "BEGIN { printf \"%.12g\", $1 }"; }

# check_claim KEY ID FORMULA RUN TOL: the key's number, the formula worked out by hand and
# the fresh run's value agree within the relative tolerance TOL (pairwise, formula first)
check_claim() {
    local k
    k=$(key_num "$1" "$2")
    assert_near "$2: key vs formula" "$3" "${k:-none}" "$5"
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
