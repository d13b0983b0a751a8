#!/usr/bin/env bash
# interrupt.sh COLLSIM SRCDIR: SIGINT or SIGTERM at any moment of a study ends it with
# 130 or 143 and leaves the previous complete outputs as they were (the study is
# deterministic, so each file is the complete one or absent from a first run), no .part
# file, no temporary file and no process; the study then completes as before.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir "$T/plats" "$T/tmp"
ln -s "$src"/platforms/*.xml "$src"/platforms/*.hosts "$(dirname "$collsim")"/platforms/*.xml \
    "$(dirname "$collsim")"/platforms/*.hosts "$T/plats/"
study() {
    TMPDIR=$T/tmp exec "$collsim" study --platforms "$T/plats" --out "$T/out" --sizes 16,64K \
        --iters 1 --no-compare --algo binomial,linear
}
sums() { (cd "$T/out" && md5sum -- *) 2>/dev/null; }

(study) >/dev/null 2>&1 || fail "the first study"
complete=$(sums)
for at in 0.05 0.2 0.4 0.7 1.0 1.4 1.8 2.2; do
    for sig in INT TERM; do
        study >/dev/null 2>&1 &
        pid=$!
        sleep "$at"
        kill -s "$sig" "$pid" 2>/dev/null
        wait "$pid"
        st=$?
        want=$([ "$sig" = INT ] && echo 130 || echo 143)
        [ "$st" -eq 0 ] || assert_eq "SIG$sig after ${at}s: exit status" "$want" "$st"
        left=$(sums | grep -vxF "$complete")
        assert_eq "SIG$sig after ${at}s: files other than the complete ones" "" "$left"
        assert_eq "SIG$sig after ${at}s: .part files" "" "$(ls "$T/out" | grep '\.part$')"
        assert_eq "SIG$sig after ${at}s: temporary files" "" "$(ls -A "$T/tmp")"
        sleep 0.1
        assert_eq "SIG$sig after ${at}s: processes left" "" "$(pgrep -f "$T/" || true)"
    done
done
(study) >/dev/null 2>"$T/err" || fail "the study after the interrupts"
assert_eq "the study after the interrupts: error lines" "" "$(grep error "$T/err")"
assert_eq "the study after the interrupts gives the same files" "$complete" "$(sums)"
finish
