#!/usr/bin/env bash
# shared_buffers.sh COLLSIM SRCDIR: `collsim run --shared-buffers` (buffers shared by all ranks
# but for every other byte of a message's first and last 512): every broadcast algorithm that
# runs anywhere passes its data check, times equal those of private buffers, a byte corrupted
# at a checked offset is caught, and so is SimGrid's flattree_pipeline, which loses a message's
# last bytes; 256 ranks x 4 MiB stay far below ranks x bytes of memory, and a reduction, whose
# ranks' data differ, is refused with one error line.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=$(plat crossbar-64)
run=("$collsim" run --platform "$plat" --np 13 --root 6 --sizes 0,1,1000,65543 --quiet)

# the same times, every row valid, and the note saying what is checked
algos=$(list_algos bcast '^none$' | cut -d' ' -f2 | paste -sd,)
algos="$algos,smpi:binomial_tree,smpi:NTSL,smpi:scatter_LR_allgather"
"${run[@]}" --algo "$algos" --csv "$tmp/private.csv" 2>/dev/null
assert_eq "private buffers (exit status)" 0 $?
"${run[@]}" --algo "$algos" --csv "$tmp/shared.csv" --shared-buffers 2>"$tmp/err"
assert_eq "shared buffers (exit status)" 0 $?
grep -q "note: --shared-buffers: .* (offsets 0, 2, \.\.\., 510 and m-1, m-3, \.\.\., m-511), which every message carries and every rank checks" \
    "$tmp/err" && pass || fail "no note on what is checked: $(head -3 "$tmp/err")"
assert_eq "rows" "$(csv_col "$tmp/private.csv" bytes | wc -l)" "$(csv_col "$tmp/shared.csv" bytes | wc -l)"
assert_eq "times" "$(csv_col "$tmp/private.csv" avg_s | paste -sd' ')" \
    "$(csv_col "$tmp/shared.csv" avg_s | paste -sd' ')"
assert_eq "valid rows" "$(csv_col "$tmp/private.csv" valid | paste -sd' ')" \
    "$(csv_col "$tmp/shared.csv" valid | paste -sd' ')"
"$collsim" run --platform "$plat" --np 13 --root 6 --algo binomial --sizes 1000 \
    --shared-buffers >"$tmp/table" 2>/dev/null
grep -q "every other byte of the first and last 512 of every rank's buffer checked (--shared-buffers)" "$tmp/table" &&
    pass || fail "table header does not say what is checked: $(grep '^#' "$tmp/table")"

# a corrupted private byte is caught, naming its rank and offset
for at in 0 100 510 513 999; do
    err=$("$collsim" run --platform "$plat" --np 8 --root 2 --algo binomial,smpi:binomial_tree \
        --sizes 1000 --shared-buffers --inject-fault 5:$at 2>&1 >/dev/null)
    [ $? -ne 0 ] && pass || fail "fault at offset $at not caught"
    printf '%s' "$err" | grep -q "rank 5 received a wrong byte at offset $at " && pass ||
        fail "fault at $at: error does not name rank 5, offset $at: $err"
done

# the last bytes are checked too: smpi:flattree_pipeline leaves them out at 65543 B
err=$("${run[@]}" --algo smpi:flattree_pipeline --sizes 65543 --shared-buffers 2>&1)
[ $? -ne 0 ] && pass || fail "flattree_pipeline's lost last bytes not caught"
printf '%s' "$err" | grep -q "received a wrong byte at offset 65" && pass ||
    fail "flattree_pipeline: no wrong byte near the end named: $err"

# 256 ranks x 4 MiB: private buffers would hold 1 GiB
"$collsim" platform fattree --nodes 256 -o "$tmp/ft256.xml" >/dev/null
/usr/bin/time -f %M -o "$tmp/rss" "$collsim" run --platform "$tmp/ft256.xml" --algo binomial \
    --sizes 4M --shared-buffers --quiet 2>/dev/null
assert_eq "256 x 4 MiB (exit status)" 0 $?
kb=$(tail -1 "$tmp/rss")
[ "$kb" -lt $((256 * 4096 / 8)) ] && pass ||
    fail "256 x 4 MiB used $kb KiB, not far below ranks x bytes (1 GiB)"

# refused where shared memory would mix the ranks' data
assert_one_line_error "reduce" "$collsim" run --platform "$plat" --np 8 --collective reduce \
    --algo binomial --sizes 1000 --shared-buffers
"$collsim" run --platform "$plat" --np 8 --collective reduce --algo binomial --sizes 1000 \
    --shared-buffers 2>&1 | grep -q "^collsim: error: --shared-buffers: not for reduce: " &&
    pass || fail "the refusal does not name reduce"
finish
