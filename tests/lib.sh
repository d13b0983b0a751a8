# lib.sh: assertions shared by the shell tests. Each prints both values when it fails.
# Usage: source it, then call the asserts; `finish` ends the test with a count line.
set -u
CS_PASSED=0
CS_FAILED=0

pass() { CS_PASSED=$((CS_PASSED + 1)); }
fail() { echo "FAIL: $*" >&2; CS_FAILED=$((CS_FAILED + 1)); }

# assert_eq WHAT EXPECTED ACTUAL
assert_eq() {
    if [ "$2" = "$3" ]; then pass; else fail "$1: expected '$2', got '$3'"; fi
}

# assert_near WHAT EXPECTED ACTUAL RELTOL   (floating point, relative tolerance)
assert_near() {
    if awk -v e="$2" -v a="$3" -v t="$4" 'BEGIN { d = a - e; if (d < 0) d = -d; m = e < 0 ? -e : e;
            exit !(d <= t * m) }'; then
        pass
    else
        fail "$1: expected $2, got $3 (relative tolerance $4)"
    fi
}

# assert_status WHAT EXPECTED_STATUS COMMAND...   (runs the command, output discarded)
assert_status() {
    local what=$1 want=$2
    shift 2
    "$@" >/dev/null 2>&1
    local got=$?
    assert_eq "$what (exit status)" "$want" "$got"
}

# assert_one_line_error WHAT COMMAND...: non-zero status, stderr is one 'collsim: error:' line
assert_one_line_error() {
    local what=$1
    shift
    local err
    err=$("$@" 2>&1 >/dev/null)
    local st=$?
    if [ "$st" -eq 0 ]; then fail "$what: expected failure, got status 0"; return; fi
    local lines
    lines=$(printf '%s\n' "$err" | grep -c .)
    if [ "$lines" -ne 1 ] || ! printf '%s' "$err" | grep -q '^collsim: error: '; then
        fail "$what: expected one 'collsim: error:' line, got: $err"
    else
        pass
    fi
}

finish() {
    echo "$CS_PASSED passed, $CS_FAILED failed"
    [ "$CS_FAILED" -eq 0 ]
}

# plat NAME: the platform NAME.xml, shipped in platforms/ or written by the build into
# build/platforms (the large explicit-route ones). Needs $src and $collsim.
plat() {
    if [ -f "$src/platforms/$1.xml" ]; then echo "$src/platforms/$1.xml"
    else echo "$(dirname "$collsim")/platforms/$1.xml"; fi
}

# csv_col FILE NAME: the column called NAME in FILE's header line, one value per data row
# (the results CSV's columns are defined in src/trace/format.h; read them by name).
csv_col() {
    awk -F, -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next } c { print $c }' "$1"
}

# csv_where FILE KEY VALUE NAME: the column NAME of FILE's rows whose column KEY is VALUE, read
# by the header's names as csv_col does.
csv_where() {
    awk -F, -v k="$2" -v v="$3" -v n="$4" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        (k in c) && (n in c) && $c[k] == v { print $c[n] }' "$1"
}

# root_classes P: the roots 0, 1, p/2 and p-1 that exist on P ranks, one a line
root_classes() {
    printf '%s\n' 0 1 $(($1 / 2)) $(($1 - 1)) | awk -v n="$1" '$1 < n' | sort -nu
}

# host_count PLATFORM.xml: the ranks of a run on it, one per line of its hostfile
host_count() { grep -c . "${1%.xml}.hosts"; }

# data_run WHAT RUN_ARGS...: `collsim run RUN_ARGS` at sizes 0, 1, 1000 and 65543, one warm-up
# and one timed call; asserts status 0, a table for every algorithm --algo names, a row per
# algorithm and size (an algorithm's MPI error drops its row) and no INVALID row. Needs
# $collsim.
data_run() {
    local what=$1 out st algos=1 prev=
    shift
    for a in "$@"; do
        [ "$prev" = --algo ] && algos=$(printf '%s' "$a" | tr , '\n' | grep -c .)
        prev=$a
    done
    out=$("$collsim" run "$@" --sizes 0,1,1000,65543 --iters 1 --warmup 1 2>&1)
    st=$?
    assert_eq "$what: status" 0 "$st"
    assert_eq "$what: tables" "$algos" "$(printf '%s\n' "$out" | grep -c '^# collsim ')"
    assert_eq "$what: rows" $((4 * algos)) "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')"
    if printf '%s' "$out" | grep -q INVALID; then fail "$what: INVALID rows"; fi
}

# list_algos COLL NEEDS: collsim's algorithms of collective COLL (every one for "") whose needs
# in `collsim list --tsv` match the extended regular expression NEEDS ('^none$': those that run
# on any platform; 'fattree': those that run on a fat tree), one "COLL ALGO" line each, in the
# registry's order. Needs $collsim.
list_algos() {
    "$collsim" list --tsv |
        awk -F '\t' -v c="$1" -v n="$2" 'NR > 1 && (c == "" || $1 == c) && $4 ~ n { print $1, $2 }'
}

# simgrid_good COLL: SimGrid's algorithms of COLL with no known fault in simgrid.def, as an
# --algo list (smpi:A,smpi:B,...). Needs $src.
simgrid_good() {
    sed -n "s/^SIMGRID_ALGO($1, \([A-Za-z0-9_]*\), .*, \"\")\$/smpi:\1/p" "$src/src/registry/simgrid.def" |
        paste -sd,
}

# simgrid_good_pass COLL ITERS: SimGrid's fault-free algorithms of COLL (simgrid_good) pass
# the data check on crossbar-64, np 8 and 13, root 0, sizes 0, 1, 1000, 65543 and 1 MiB,
# ITERS timed calls and no warm-up
simgrid_good_pass() {
    local good out np
    good=$(simgrid_good "$1")
    [ -n "$good" ] && pass || fail "no fault-free SimGrid $1 algorithm parsed from simgrid.def"
    for np in 8 13; do
        out=$("$collsim" run --platform "$(plat crossbar-64)" --np "$np" --collective "$1" \
            --algo "$good" --sizes 0,1,1000,65543,1M --iters "$2" --warmup 0 2>&1)
        assert_eq "SimGrid $1 algorithms np=$np status" 0 $?
        if printf '%s' "$out" | grep -q INVALID; then fail "np=$np: $(printf '%s' "$out" | grep -m3 error)"; fi
    done
}

# simgrid_fault_shows COLL NAME NP SIZE ITERS: smpi:NAME of COLL fails on crossbar-64 with NP
# ranks at SIZE bytes (ITERS timed calls, no warm-up), as simgrid.def says it does
simgrid_fault_shows() {
    "$collsim" run --platform "$(plat crossbar-64)" --np "$3" --collective "$1" --algo "smpi:$2" \
        --sizes "$4" --iters "$5" --warmup 0 >/dev/null 2>&1
    if [ $? -ne 0 ]; then pass; else fail "smpi:$2 on $3 ranks at $4 B passed: update simgrid.def"; fi
}

# simgrid_fault_count COLL: how many of SimGrid's algorithms of COLL simgrid.def marks faulty
simgrid_fault_count() {
    grep -c "^SIMGRID_ALGO($1, .*, \"[^\"][^\"]*\")\$" "$src/src/registry/simgrid.def"
}
