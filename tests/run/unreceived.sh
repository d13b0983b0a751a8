#!/usr/bin/env bash
# unreceived.sh COLLSIM SRCDIR: a call that leaves a message unreceived fails, whatever the
# size. tests/fixtures/algo_file/extra_send.c is a binomial broadcast whose rank 1 also sends
# its copy to rank 2, which never receives it: every buffer is right, so the data check alone
# passed it below the eager threshold (64 KiB, SMPI's default: a send returns at once), even
# over three calls, and only a rendezvous send (64 KiB and more) stopped the run, with a
# deadlock that named no rank. Now, with 8 ranks and root 0 (tree ranks = ranks):
#   8 B, 1 KiB   the probe after each call finds rank 1's message at rank 2, tag 0, once per
#                call: 3 messages in 3 calls, one error line naming both ranks
#   64 KiB, 1 MiB rank 1 waits in its send to rank 2 in the first call; the 7 others left it
# With root 3 the same ranks shift by 3 (rank 4 sends to rank 5). A correct broadcast
# (binomial_bcast.c) passes at the same sizes. Then a broadcast that forgets its farthest
# child (forgets_child.c) on 13 ranks: the root never sends to 8, whose subtree 8..12 waits
# for ever; the line names 8, 9, 10, 11 and 1 more, 8 ranks having left the call.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fix=$src/tests/fixtures/algo_file
plat=$(plat crossbar-64)

# run_err WHAT ARGS...: runs the file's broadcast on 8 ranks, 3 calls; asserts status 1 and one
# 'collsim: error:' line on stderr, which it prints
run_err() {
    local what=$1
    shift
    "$collsim" run --platform "$plat" --np 8 --iters 3 --quiet "$@" >/dev/null 2>"$T/err"
    assert_eq "$what: status" 1 $?
    assert_eq "$what: stderr lines ($(cat "$T/err"))" 1 "$(grep -c . "$T/err")"
    sed -n 's/^collsim: error: //p' "$T/err"
}

for s in 8:8 1K:1024; do
    got=$(run_err "extra send ${s%:*}" --sizes "${s%:*}" --algo-file "$fix/extra_send.c")
    assert_eq "extra send ${s%:*}: the error" "bcast 'file:extra_send' at ${s#*:} B left 3 messages unreceived after its calls: rank 2 from rank 1 (tag 0, 3 times); a call must receive every message sent in it" "$got"
done
for s in 64K:65536 1M:1048576; do
    got=$(run_err "extra send ${s%:*}" --sizes "${s%:*}" --algo-file "$fix/extra_send.c")
    assert_eq "extra send ${s%:*}: the error" "the simulation deadlocked in bcast 'file:extra_send' at ${s#*:} B, call 1 of 3: rank 1 (its send to rank 2 is never received) waits in the call, which 7 ranks had left" "$got"
done
got=$(run_err "extra send, root 3" --root 3 --sizes 16 --algo-file "$fix/extra_send.c")
assert_eq "extra send, root 3: the error" "bcast 'file:extra_send' at 16 B left 3 messages unreceived after its calls: rank 5 from rank 4 (tag 0, 3 times); a call must receive every message sent in it" "$got"
# the row of a size whose messages were left is invalid, in the table and the CSV
"$collsim" run --platform "$plat" --np 8 --iters 1 --sizes 8 --algo-file "$fix/extra_send.c" \
    --csv "$T/x.csv" >"$T/out" 2>/dev/null
assert_eq "extra send: the table's row" "INVALID" "$(awk '/^8 / { print $6 }' "$T/out")"
assert_eq "extra send: the CSV's row" 0 "$(csv_col "$T/x.csv" valid)"

# a correct broadcast leaves nothing: status 0, no error
"$collsim" run --platform "$plat" --np 8 --iters 3 --quiet --sizes 8,1K,64K,1M \
    --algo-file "$fix/binomial_bcast.c" >/dev/null 2>"$T/err"
assert_eq "binomial_bcast: status" 0 $?
assert_eq "binomial_bcast: stderr" "" "$(cat "$T/err")"

"$collsim" run --platform "$plat" --np 13 --sizes 1000 --quiet --algo-file "$fix/forgets_child.c" \
    >/dev/null 2>"$T/err"
assert_eq "forgets_child: status" 1 $?
assert_eq "forgets_child: the one error line" "collsim: error: the simulation deadlocked in bcast 'file:forgets_child' at 1000 B, call 1 of 1: ranks 8, 9, 10, 11 and 1 more wait in the call, which 8 ranks had left" "$(cat "$T/err")"
finish
