#!/usr/bin/env bash
# broken.sh COLLSIM SRCDIR BROKEN.so SMPIRUN [SMPIRUN OPTIONS...]: the barrier's check is not vacuous. broken.so
# (broken.c) runs the barrier driver's warm-up calls, the late rank rotating over all p ranks,
# on two wrong barriers and on collsim's four. Expected failed rank checks out of p^2, worked
# out by hand:
#   noop   every rank but the late one leaves early: p (p-1)
#   short  dissemination with rounds 2^k < p/2 only, r rounds: a rank has heard from the
#          2^r - 1 ranks before it, so p - 2^r ranks leave early per call: p (p - 2^r);
#          p = 8: r = 2, 8 * 4 = 32; p = 13: r = 3, 13 * 5 = 65
#   collsim's barriers: 0
# Then, through the runner, a flipped result byte (--inject-fault RANK:0) fails the run.
collsim=$1 src=$2 broken=$3 smpirun=$4
shift 4
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=$(plat crossbar-64)
for pe in 8:32 13:65; do
    p=${pe%:*}
    out=$(cd "$tmp" && "$smpirun" "$@" -quiet -np "$p" -platform "$plat" -hostfile "${plat%.xml}.hosts" \
        --log=root.thres:warning --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 "$broken" 2>&1)
    assert_eq "broken.so p=$p status" 0 $?
    got() { printf '%s\n' "$out" | awk -v n="$1" '$1 == n { print $2 "/" $3 }'; }
    assert_eq "p=$p noop: failed checks" "$((p * (p - 1)))/$((p * p))" "$(got noop)"
    assert_eq "p=$p one round short: failed checks" "${pe#*:}/$((p * p))" "$(got short)"
    for algo in $(list_algos barrier '' | cut -d' ' -f2); do
        assert_eq "p=$p $algo: failed checks" "0/$((p * p))" "$(got "$algo")"
    done
done
err=$("$collsim" run --platform "$plat" --np 8 --collective barrier --algo dissemination --sizes 0 \
    --iters 1 --inject-fault 5:0 2>&1 >/dev/null)
[ $? -ne 0 ] && pass || fail "a flipped result byte on rank 5 was not detected"
printf '%s' "$err" | grep -q "rank 5 received a wrong byte at offset 0" && pass ||
    fail "the error does not name rank 5: $err"
finish
