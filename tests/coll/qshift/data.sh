#!/usr/bin/env bash
# data.sh COLLSIM SRCDIR: the direct q-shift on a crossbar for np 1 to 31 and shifts 0, 1, 2,
# p-1, p/2, -3, p+1 and one far above p; the runner checks every rank's
# received block and its untouched send buffer after every call. (The data.qshift.direct
# test covers more np with q = 1.)
collsim=$1 src=$2
source "$src/tests/lib.sh"
plat=$(plat crossbar-64)
for np in 1 2 3 5 8 13 31; do
    for q in $(printf '%s\n' 0 1 2 $((np - 1)) $((np / 2)) -3 $((np + 1)) 1000003 | sort -nu); do
        out=$("$collsim" run --platform "$plat" --np "$np" --collective qshift --algo direct --shift "$q" \
            --sizes 0,1,1000,65543 --iters 1 --warmup 1 2>&1)
        assert_eq "direct np=$np q=$q status" 0 $?
        assert_eq "direct np=$np q=$q rows" 4 "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')"
    done
done
# a negative shift is the positive one mod p: -3 moves the same bytes as p-3
a=$("$collsim" run --platform "$plat" --np 8 --collective qshift --algo direct --shift -3 --sizes 1M \
    --iters 1 --warmup 0 --quiet --csv /dev/stdout | csv_col /dev/stdin avg_s)
b=$("$collsim" run --platform "$plat" --np 8 --collective qshift --algo direct --shift 5 --sizes 1M \
    --iters 1 --warmup 0 --quiet --csv /dev/stdout | csv_col /dev/stdin avg_s)
assert_eq "q = -3 and q = 5 on 8 ranks take the same time" "$b" "$a"
# the check is not vacuous: a byte flipped in one rank's received block fails the run
"$collsim" run --platform "$plat" --np 8 --collective qshift --algo direct --shift 3 --sizes 1000 \
    --iters 1 --inject-fault 5:777 >/dev/null 2>&1
[ $? -ne 0 ] && pass || fail "a corrupted received byte was not detected"
finish
