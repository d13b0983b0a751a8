#!/usr/bin/env bash
# algo_file.sh COLLSIM SRCDIR: `collsim run --algo-file FILE.c` (docs/student-algorithms.md)
# with the fixtures of tests/fixtures/algo_file/. A student's binomial broadcast and reduction
# take exactly the built-in binomial's simulated times and pass the data check; a wrong one
# fails with the rank and offset; a compile error, a missing function and a collective that is
# no MPI call are one error line each; the trace and --analyze show the file's phases; a file
# with static variables gets one copy per rank (and a note); nothing is left beside the file
# or in TMPDIR.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fix=$src/tests/fixtures/algo_file
# the student's folder and an empty TMPDIR: both must hold the same afterwards
mkdir "$T/student" "$T/tmp"
cp "$fix"/*.c "$T/student/"
S=$T/student
export TMPDIR=$T/tmp

# same_times WHAT COLLECTIVE BUILTIN FILE.c RUN_ARGS...: both run, the file's after the
# built-in, valid, with equal times at every size
same_times() {
    local what=$1 coll=$2 builtin=$3 file=$4 stem
    stem=$(basename "$file" .c)
    shift 4
    "$collsim" run --collective "$coll" --algo "$builtin" --algo-file "$file" --quiet \
        --csv "$T/t.csv" "$@" 2>"$T/err"
    assert_eq "$what: status ($(head -c 300 "$T/err"))" 0 $?
    local algos times
    algos=$(csv_col "$T/t.csv" algorithm | uniq | paste -sd,)
    assert_eq "$what: algorithms in order" "$builtin,file:$stem" "$algos"
    assert_eq "$what: valid rows" "" "$(csv_col "$T/t.csv" valid | grep -v '^1$')"
    times=$(csv_col "$T/t.csv" avg_s)
    local n
    n=$(printf '%s\n' "$times" | wc -l)
    assert_eq "$what: file's times = $builtin's" "$(printf '%s\n' "$times" | head -n $((n / 2)))" \
        "$(printf '%s\n' "$times" | tail -n $((n / 2)))"
}

sizes=0,1,1000,65543,1M
same_times "bcast crossbar np 13 root 6" bcast binomial "$S/binomial_bcast.c" \
    --platform "$(plat crossbar-64)" --np 13 --root 6 --sizes $sizes
same_times "bcast ring-16 root 5" bcast binomial "$S/binomial_bcast.c" \
    --platform "$(plat ring-16)" --root 5 --sizes $sizes
same_times "bcast torus-4x4 np 11 root 10 sfr" bcast binomial "$S/binomial_bcast.c" \
    --platform "$(plat torus-4x4)" --np 11 --root 10 --routing sfr --sizes $sizes
same_times "reduce crossbar np 13 root 6" reduce binomial "$S/binomial_reduce.c" \
    --platform "$(plat crossbar-64)" --np 13 --root 6 --sizes $sizes
same_times "reduce hypercube-4 root 3" reduce binomial "$S/binomial_reduce.c" \
    --platform "$(plat hypercube-4)" --root 3 --sizes $sizes --iters 2

# without --algo only the file's algorithm runs
"$collsim" run --platform "$(plat crossbar-64)" --np 5 --algo-file "$S/binomial_bcast.c" \
    --sizes 16 --quiet --csv "$T/only.csv"
assert_eq "no --algo: status" 0 $?
assert_eq "no --algo: the file's algorithm alone" "file:binomial_bcast" \
    "$(csv_col "$T/only.csv" algorithm | paste -sd,)"

# a wrong broadcast: the data check names the rank and the offset
"$collsim" run --platform "$(plat crossbar-64)" --np 13 --root 6 --sizes 1000 --quiet \
    --algo-file "$S/forwards_early.c" 2>"$T/err"
assert_eq "forwards_early: status" 1 $?
grep -qE "^collsim-runner: error: rank [0-9]+ received a wrong byte at offset 0 \(algorithm 'file:forwards_early', 1000 bytes, root 6" "$T/err" &&
    pass || fail "forwards_early: no rank and offset in: $(cat "$T/err")"
# one that forgets a child: the child waits for ever
"$collsim" run --platform "$(plat crossbar-64)" --np 13 --sizes 1000 --quiet \
    --algo-file "$S/forgets_child.c" 2>"$T/err"
assert_eq "forgets_child: status" 1 $?
grep -q "deadlocked" "$T/err" && pass || fail "forgets_child: $(cat "$T/err")"
# one that ends the program (exit) inside the call, on every rank or on one: a failure naming
# a rank, not status 0 with no row, nor a deadlock
for f in exits one_exits; do
    "$collsim" run --platform "$(plat crossbar-64)" --np 4 --sizes 16 --quiet \
        --algo-file "$S/$f.c" --csv "$T/$f.csv" 2>"$T/err"
    assert_eq "$f: status" 1 $?
    assert_eq "$f: one error line ($(cat "$T/err"))" 1 "$(grep -c ': error: ' "$T/err")"
    grep -qE "^collsim-runner: error: rank [0-9]+ left the program inside file:$f at 16 B" "$T/err" &&
        pass || fail "$f: no rank in: $(cat "$T/err")"
done
grep -q "rank 2 left" "$T/err" && pass || fail "one_exits: not rank 2: $(cat "$T/err")"

# the errors: one line each, naming the file and line, or what is expected
err_line() { "$collsim" run --platform "$(plat crossbar-64)" --np 4 --sizes 16 "$@" 2>&1 >/dev/null; }
assert_one_line_error "compile error" "$collsim" run --platform "$(plat crossbar-64)" \
    --algo-file "$S/syntax_error.c"
err_line --algo-file "$S/syntax_error.c" | grep -qF "collsim: error: $S/syntax_error.c:8:" &&
    pass || fail "compile error: $(err_line --algo-file "$S/syntax_error.c")"
assert_one_line_error "no function" "$collsim" run --platform "$(plat crossbar-64)" \
    --algo-file "$S/no_function.c"
err_line --algo-file "$S/no_function.c" | grep -qF "defines no function collsim_bcast: write int collsim_bcast(void *" &&
    pass || fail "no function: $(err_line --algo-file "$S/no_function.c")"
err_line --collective reduce --algo-file "$S/binomial_bcast.c" | grep -qF "no function collsim_reduce" &&
    pass || fail "bcast file as reduce: $(err_line --collective reduce --algo-file "$S/binomial_bcast.c")"
assert_one_line_error "qshift" "$collsim" run --platform "$(plat crossbar-64)" \
    --collective qshift --algo-file "$S/binomial_bcast.c"
assert_status "missing file" 1 "$collsim" run --platform "$(plat crossbar-64)" \
    --algo-file "$S/gone.c"

# a file whose name starts with '-' is a file, not a compiler option
mkdir "$T/lead" && cp "$fix/binomial_bcast.c" "$T/lead/-lead.c"
(cd "$T/lead" && "$collsim" run --platform "$(plat crossbar-64)" --np 4 --sizes 16 --quiet \
    --algo-file -lead.c --csv lead.csv 2>"$T/err")
assert_eq "leading '-': status ($(cat "$T/err"))" 0 $?
assert_eq "leading '-': the file's algorithm ran" "file:-lead" "$(csv_col "$T/lead/lead.csv" algorithm)"
# a compiler that never ends (the file includes /dev/zero) is stopped at the time limit
printf '#include "/dev/zero"\n' >"$T/lead/endless.c"
assert_one_line_error "endless compile" "$collsim" run --platform "$(plat crossbar-64)" \
    --time-limit 2 --algo-file "$T/lead/endless.c"
err_line --time-limit 2 --algo-file "$T/lead/endless.c" | grep -qF "the compiler ran past the time limit (2 s" &&
    pass || fail "endless compile: $(err_line --time-limit 2 --algo-file "$T/lead/endless.c")"
# a FIFO is refused at once, not read by the compiler for ever
mkfifo "$T/lead/fifo.c"
err_line --algo-file "$T/lead/fifo.c" | grep -qF "is not a regular file" &&
    pass || fail "fifo: $(err_line --algo-file "$T/lead/fifo.c")"

# trace and analysis of a file's algorithm
"$collsim" run --platform "$(plat crossbar-64)" --np 8 --sizes 1000 --quiet --time-limit 0 \
    --algo binomial --algo-file "$S/binomial_bcast.c" --trace "$T/t.trace" --analyze >"$T/an" 2>"$T/err"
assert_eq "trace and analyze: status ($(head -c 300 "$T/err"))" 0 $?
grep -q 'bcast/file:binomial_bcast/1000/' "$T/t.trace" && pass || fail "no file:binomial_bcast phase in the trace"
grep -q '^# phase bcast/file:binomial_bcast/1000/' "$T/an" && pass || fail "no file:binomial_bcast phase analyzed"
grep -A12 '^# phase bcast/file:binomial_bcast/' "$T/an" | grep -q '7 messages, 7000 bytes per call' &&
    pass || fail "the analysis does not count 7 messages of the file's broadcast on 8 ranks"

# static variables: each rank its own copy, and a note that says so
same_times "global_rank crossbar np 13 root 6" bcast binomial "$S/global_rank.c" \
    --platform "$(plat crossbar-64)" --np 13 --root 6 --sizes 0,1000 --iters 3
grep -qE "^collsim: note: '.*global_rank.c' has 3 writable global or static variables, 'calls' \(.*global_rank.c:7\), 'p' \(.*:6\), 'rank' \(.*:6\): each rank gets its own copy" "$T/err" &&
    pass || fail "global_rank: no note in: $(cat "$T/err")"

# nothing left beside the student's files or in TMPDIR
assert_eq "student folder" "$(cd "$fix" && ls)" "$(cd "$S" && ls)"
assert_eq "TMPDIR" "" "$(ls -A "$T/tmp")"
finish
