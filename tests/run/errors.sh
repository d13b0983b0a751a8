#!/usr/bin/env bash
# errors.sh COLLSIM SRCDIR: every bad request is one 'collsim: error:' line, a non-zero
# status, and no output file left behind.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
p=$src/platforms/torus-4x4.xml
c="--csv $tmp/out.csv --trace $tmp/out.trace"
assert_one_line_error "no platform" "$collsim" run $c
assert_one_line_error "missing platform" "$collsim" run --platform "$tmp/nope.xml" $c
assert_one_line_error "unknown algorithm" "$collsim" run --platform "$p" --algo quantum $c
assert_one_line_error "bad sizes" "$collsim" run --platform "$p" --sizes 16:8:2 $c
assert_one_line_error "bad size unit" "$collsim" run --platform "$p" --sizes 4Q $c
assert_one_line_error "np over hosts" "$collsim" run --platform "$p" --np 17 $c
assert_one_line_error "np zero" "$collsim" run --platform "$p" --np 0 $c
assert_one_line_error "root out of range" "$collsim" run --platform "$p" --np 4 --root 4 $c
assert_one_line_error "bad model" "$collsim" run --platform "$p" --model fancy $c
assert_one_line_error "bad iters" "$collsim" run --platform "$p" --iters zero $c
assert_one_line_error "unknown option" "$collsim" run --platform "$p" --colour $c
assert_one_line_error "unwritable trace" "$collsim" run --platform "$p" --trace /nonexistent/x.trace
assert_one_line_error "unknown subcommand" "$collsim" frobnicate
# a topology algorithm with two ranks a host, one per node asked for: every rank refused it
# and each freed rank 0's board, which crashed the run (smpirun status 139) with no reason
assert_one_line_error "torus algorithm, 2 ranks a host" "$collsim" run --platform "$p" \
    --ranks-per-host 2 --np 16 --algo torus --sizes 1000 $c
"$collsim" run --platform "$p" --ranks-per-host 2 --np 16 --algo torus --sizes 1000 2>&1 |
    grep -q "^collsim: error: algorithm 'torus' needs one rank per node (got 2 ranks per host)$" &&
    pass || fail "the refusal of a torus algorithm with 2 ranks a host does not say why"
for f in out.csv out.trace out.csv.part out.trace.part; do
    [ ! -e "$tmp/$f" ] && pass || fail "$f left behind"
done
# the registry is what `collsim list` prints: a heading per collective, then its algorithms,
# the same as `collsim list --tsv` gives
def=$src/src/registry
names=$(list_algos '' '' | cut -d' ' -f2 | sort)
listed=$("$collsim" list | awk '/^[a-z]/ && !/^smpi:/ {print $1}' | sort)
assert_eq "collsim list shows the registry" "$names" "$listed"
colls=$(sed -n 's/^COLLECTIVE(\([a-z_0-9]*\),.*/\1/p' "$def/collectives.def")
# every algorithm names the file it is written in, and that file is there
codes=$("$collsim" list | sed -n 's/^ *code: \([^;]*\).*/\1/p')
assert_eq "collsim list: a code line per algorithm" "$(echo "$names" | wc -l)" "$(echo "$codes" | wc -l)"
missing=$(for f in $codes; do [ -f "$src/$f" ] || echo "$f"; done | sort -u)
assert_eq "collsim list: every code file exists" "" "$missing"
assert_eq "collsim list headings" "$colls" "$("$collsim" list | sed -n 's/^# collective \([a-z_0-9]*\) (.*/\1/p')"
for c in $colls; do
    assert_eq "collsim list $c: its algorithms" \
        "$(list_algos "$c" '' | cut -d' ' -f2 | sort)" \
        "$("$collsim" list "$c" | awk '/^[a-z]/ && !/^smpi:/ {print $1}' | sort)"
    assert_eq "collsim list $c: SimGrid's" \
        "$(sed -n "s/^SIMGRID_ALGO($c, \([A-Za-z_0-9]*\),.*/smpi:\1/p" "$def/simgrid.def" | sort)" \
        "$("$collsim" list "$c" | awk '/^smpi:/ {print $1}' | sort)"
done
assert_one_line_error "collsim list of an unknown collective" "$collsim" list quantum
assert_status "collsim list of an unknown collective" 2 "$collsim" list quantum
"$collsim" list quantum 2>&1 | grep -q "^collsim: error: unknown collective 'quantum' (known: $(printf '%s' "$colls" | paste -sd, | sed 's/,/, /g'))$" &&
    pass || fail "collsim list quantum: $("$collsim" list quantum 2>&1)"
"$collsim" --help | grep -q '^  run ' && pass || fail "--help does not list run"
# no --algo: each collective runs its own defaults (binomial, binary, linear where it has them,
# up to three); it was an error ("unknown algorithm 'binary'") for every collective but bcast
for coll in reduce allreduce gather scatter allgather alltoall barrier scan qshift reduce_scatter_block \
    reduce_scatter; do
    "$collsim" run --platform "$p" --np 4 --collective "$coll" --sizes 16 --iters 1 --quiet \
        --csv "$tmp/d.csv" 2>"$tmp/d.err"
    assert_eq "$coll without --algo: status ($(cat "$tmp/d.err"))" 0 $?
done
assert_eq "reduce's defaults" "binomial linear pipeline_chain" "$("$collsim" run --platform "$p" --np 4 \
    --collective reduce --sizes 16 --iters 1 --quiet --csv - 2>/dev/null | sed -n '/^collective,/,$p' | cut -d, -f2 | tail -n +2 | paste -sd' ')"
finish
